/**
 * `npm run api:routes` (`tsx server/api/generate-routes.ts`): writes `common/api/routes.ts`, each
 * endpoint of common/api/ by its name with only what the web's client sends: its method and path.
 * The web imports endpoints from there, so their zod schemas (and zod) stay out of its bundles
 * (decision 43). `server/api/routes.test.ts` fails when the committed file is not what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import type { Endpoint } from '../../common/api/define';

const API_DIR = fileURLToPath(new URL('../../common/api/', import.meta.url));
export const ROUTES_FILE = path.join(API_DIR, 'routes.ts');

/** The files of common/api/ that declare endpoints: all but the client, the helpers and this output. */
const declaresEndpoints = (file: string) =>
  file.endsWith('.ts') && !file.endsWith('.test.ts') && !['client.ts', 'define.ts', 'routes.ts'].includes(file);

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'x-access' in value && 'method' in value && 'path' in value;

/** `knowledge-pdfs` → `knowledgePdfs`: a module's name as the namespace of its type import. */
const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** What `common/api/routes.ts` holds. */
export async function generateRoutes(): Promise<string> {
  const imports: string[] = [];
  const routes: string[] = [];
  const declaredIn = new Map<string, string>();
  for (const file of fs.readdirSync(API_DIR).filter(declaresEndpoints).sort()) {
    const moduleName = file.slice(0, -'.ts'.length);
    const endpoints = Object.entries(await import(path.join(API_DIR, file)))
      .filter(([, value]) => isEndpoint(value))
      .sort(([a], [b]) => a.localeCompare(b));
    if (endpoints.length === 0) continue;
    imports.push(`import type * as ${camel(moduleName)} from './${moduleName}';`);
    for (const [name, endpoint] of endpoints as Array<[string, Endpoint]>) {
      const earlier = declaredIn.get(name);
      if (earlier) throw new Error(`Two endpoints are named ${name} (${earlier}.ts and ${file}): rename one.`);
      declaredIn.set(name, moduleName);
      routes.push(
        `export const ${name} = { method: '${endpoint.method}', path: '${endpoint.path}' } as EndpointRoute<typeof ${camel(moduleName)}.${name}>;`,
      );
    }
  }
  const source = [
    '// Written by `npm run api:routes` (server/api/generate-routes.ts); do not edit.',
    "// Each endpoint's method and path, all the web's client sends: importing them leaves the schemas out (decision 43).",
    "import type { EndpointRoute } from './client';",
    ...imports,
    '',
    ...routes,
  ].join('\n');
  return prettier.format(source, { ...(await prettier.resolveConfig(ROUTES_FILE)), filepath: ROUTES_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(ROUTES_FILE, await generateRoutes());
  console.log(`Wrote ${ROUTES_FILE}`);
}
