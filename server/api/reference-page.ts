import type { OpenAPIHono } from '@hono/zod-openapi';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>;
type Operation = NonNullable<NonNullable<Document['paths']>[string]['get']>;
type Rendered = HtmlEscapedString | Promise<HtmlEscapedString>;
/** Our documents hold no $ref objects; this skips them for the type checker. */
const isInline = <T extends object>(value: T): value is Exclude<T, { $ref: string }> => !('$ref' in value);
const inline = <T extends object>(value: T | undefined) => (value && isInline(value) ? value : undefined);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const ACCESS_LABELS: Record<string, string> = { public: 'Anyone', user: 'Signed in', member: 'Account member' };

const schemaBlock = (schema: unknown): Rendered =>
  schema
    ? html`<details>
        <summary>Schema</summary>
        <pre>${JSON.stringify(schema, null, 2)}</pre>
      </details>`
    : html``;

function operation(path: string, method: string, op: Operation): Rendered {
  const params = (op.parameters ?? []).filter(isInline);
  const body = Object.entries(inline(op.requestBody)?.content ?? {})[0];
  return html`<section class="op" id="${method}-${path}">
    <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
    <p>${op.summary ?? ''} <span class="access">${ACCESS_LABELS[op['x-access']] ?? ''}</span></p>
    ${
      params.length
        ? html`<table>
            <tr>
              <th>Parameter</th>
              <th>In</th>
              <th>Required</th>
              <th>Schema</th>
            </tr>
            ${params.map(
              (p) =>
                html`<tr>
                  <td><code>${p.name}</code></td>
                  <td>${p.in}</td>
                  <td>${p.required ? 'yes' : 'no'}</td>
                  <td><code>${JSON.stringify(p.schema ?? {})}</code></td>
                </tr>`,
            )}
          </table>`
        : ''
    }
    ${
      body
        ? html`<h4>Body <code>${body[0]}</code></h4>
            ${schemaBlock(body[1].schema)}`
        : ''
    }
    <h4>Responses</h4>
    <ul>
      ${Object.entries(op.responses ?? {}).map(([status, response]) => {
        const answer = inline(response);
        return html`<li>
          <strong>${status}</strong> ${answer?.description ?? ''}
          ${schemaBlock(Object.values((answer?.content ?? {}) as Record<string, { schema?: unknown }>)[0]?.schema)}
        </li>`;
      })}
    </ul>
  </section>`;
}

/** A readable, script-free page of the API from its OpenAPI document, grouped by tag. */
export function renderReferencePage(document: Document): Rendered {
  const byTag = new Map<string, Rendered[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(path, method, op)]);
    }
  }
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${document.info?.title ?? 'API'} reference</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>
          <h1>${document.info?.title} reference</h1>
          <p>${document.info?.description ?? ''}</p>
          <p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>
          <nav>${[...byTag.keys()].map((tag) => html`<a href="#${tag}">${tag}</a> `)}</nav>
          ${[...byTag].map(
            ([tag, ops]) =>
              html`<h2 id="${tag}">${tag}</h2>
                ${ops}`,
          )}
        </main>
      </body>
    </html>`;
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #18181b; background: #fafafa; }
  main { max-width: 960px; margin: 0 auto; padding: 24px; }
  h2 { margin-top: 40px; border-bottom: 1px solid #e4e4e7; }
  nav a { margin-right: 12px; }
  .op { background: #fff; border: 1px solid #e4e4e7; border-radius: 8px; padding: 12px 16px; margin: 12px 0; overflow-wrap: anywhere; }
  .op h3 { margin: 0; font-size: 15px; }
  .method { display: inline-block; min-width: 64px; text-align: center; border-radius: 4px; color: #fff; font-size: 12px; padding: 2px 6px; }
  .get { background: #2563eb; } .post { background: #16a34a; } .put, .patch { background: #d97706; } .delete { background: #dc2626; }
  .access { font-size: 12px; color: #52525b; border: 1px solid #d4d4d8; border-radius: 999px; padding: 1px 8px; margin-left: 6px; }
  table { border-collapse: collapse; width: 100%; font-size: 13px; } td, th { border-top: 1px solid #f4f4f5; text-align: left; padding: 4px; }
  pre { background: #f4f4f5; padding: 8px; overflow-x: auto; font-size: 12px; }
  @media (prefers-color-scheme: dark) { body { background: #09090b; color: #fafafa; } .op { background: #18181b; border-color: #27272a; } pre { background: #27272a; } }
`;
