import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let accountId: string;

beforeAll(async () => {
  const team = await lore.account();
  [accountId, owner] = [team.id, team.owner];
});

const cookiesOf = (client: SignedInClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** The workspace's export: each Markdown file's text by its name. */
async function exportedMarkdown(account: string) {
  const response = await fetch(new URL(`/api/accounts/${account}/export`, owner.baseUrl), {
    headers: { cookie: cookiesOf(owner) },
  });
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.entries(files).flatMap(([name, bytes]) => (name.endsWith('.md') ? [strFromU8(bytes)] : []));
}

/** Imports one Markdown file into `account` as the browser sends it; answers the NDJSON summary. */
async function importMarkdown(account: string, name: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  form.append('path', name);
  const response = await fetch(new URL(`/api/accounts/${account}/imports`, owner.baseUrl), {
    method: 'POST',
    headers: { origin: owner.baseUrl, cookie: cookiesOf(owner) },
    body: form,
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** A table pasted from a spreadsheet, with the markup spreadsheets add. */
const ROTA =
  '<p>Who rolls back?</p><table style="border-collapse:collapse"><colgroup><col width="80"></colgroup><tbody>' +
  '<tr><th style="font-weight:bold">Env</th><th>Owner</th><th>Rollback</th></tr>' +
  '<tr><td>prod</td><td>Anastasia</td><td>5 min</td></tr>' +
  '<tr><td>staging</td><td>Bertrand</td><td>1 min</td></tr></tbody></table>';

describe('an item with a table', () => {
  it('is stored with only the table markup, listed with its cells apart and found by a word of a cell', async () => {
    const item = await createItem(owner, accountId, { title: 'Rollback rota', content: ROTA, tags: [] });
    expect(item.content).toBe(
      '<p>Who rolls back?</p><table><tbody><tr><th>Env</th><th>Owner</th><th>Rollback</th></tr>' +
        '<tr><td>prod</td><td>Anastasia</td><td>5 min</td></tr><tr><td>staging</td><td>Bertrand</td><td>1 min</td></tr></tbody></table>',
    );
    const list = await owner.get(`/api/accounts/${accountId}/knowledge?search=bertrand`);
    expect(list.status).toBe(200);
    const [found, ...rest] = list.body.data.items as Array<{ title: string; preview: string }>;
    expect(rest).toEqual([]);
    expect(found!.title).toBe('Rollback rota');
    expect(found!.preview).toBe(
      'Who rolls back? Env | Owner | Rollback prod | Anastasia | 5 min staging | Bertrand | 1 min',
    );
  });
});

describe('a table in Markdown', () => {
  it('is exported as a GitHub-flavoured table and imported back as a table', async () => {
    const from = await lore.account({ owner });
    const into = await lore.account({ owner });
    await createItem(owner, from.id, { title: 'Rota', content: ROTA, tags: [] });
    const [markdown, ...others] = await exportedMarkdown(from.id);
    expect(others).toEqual([]);
    expect(markdown).toContain(
      '| Env | Owner | Rollback |\n| --- | --- | --- |\n| prod | Anastasia | 5 min |\n| staging | Bertrand | 1 min |',
    );

    await importMarkdown(into.id, 'rota.md', markdown!);
    const [item] = await lore.db
      .selectFrom('knowledge')
      .select(['content'])
      .where('account_id', '=', into.id)
      .execute();
    expect(item!.content.replace(/>\s+</g, '><').trim()).toBe(
      '<p>Who rolls back?</p><table><thead><tr><th>Env</th><th>Owner</th><th>Rollback</th></tr></thead>' +
        '<tbody><tr><td>prod</td><td>Anastasia</td><td>5 min</td></tr><tr><td>staging</td><td>Bertrand</td><td>1 min</td></tr></tbody></table>',
    );
  });
});
