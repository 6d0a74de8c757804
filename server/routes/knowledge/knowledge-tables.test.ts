import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../../test/knowledge-factory';
import { startTestServer, type SignedInClient, type TestServer } from '../../test/test-server';

let lore: TestServer;
let owner: SignedInClient;
let accountId: string;

beforeAll(async () => {
  lore = await startTestServer();
  const team = await lore.account();
  [accountId, owner] = [team.id, team.owner];
});
afterAll(() => lore.close());

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
