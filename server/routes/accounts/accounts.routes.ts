import { Hono } from 'hono';
import { accountInputSchema } from '../../../common/accounts';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireMembership } from '../../auth/membership-middleware';
import { currentUser, requireUser } from '../../auth/session-middleware';
import { createAccountWithOwner } from '../../commands/create-account';
import { deleteAccount, findAccount, listAccountsForUser, renameAccount } from '../../data/accounts';
import { countMembers } from '../../data/account-members';
import { forbidden, notFound } from '../../errors';
import { accountPolicy } from '../../policies/account-policy';
import { presentAccount } from '../../presenters/account-presenter';
import { parseInput, readJson } from '../../validation';

/** /api/accounts: the caller's workspaces. */
export function accountsRoutes({ database: { db } }: AppDeps) {
  const member = requireMembership(db);

  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const rows = await listAccountsForUser(db, currentUser(c).id);
      return c.json({ data: rows.map((row) => presentAccount(row, row.role)) });
    })
    .post('/', async (c) => {
      const { name } = parseInput(accountInputSchema, await readJson(c));
      const account = await createAccountWithOwner(db, { name, userId: currentUser(c).id });
      return c.json({ data: presentAccount(account, 'owner') }, 201);
    })
    .get('/:accountId', member, async (c) => {
      const { accountId, role } = c.get('membership');
      const account = await findAccount(db, accountId);
      if (!account) throw notFound('Account not found');
      return c.json({ data: presentAccount(account, role) });
    })
    .patch('/:accountId', member, async (c) => {
      const { accountId, role } = c.get('membership');
      const { name } = parseInput(accountInputSchema, await readJson(c));
      if (!accountPolicy.rename(role)) throw forbidden('Only owners and admins can rename the account');
      return c.json({ data: presentAccount(await renameAccount(db, accountId, name), role) });
    })
    .delete('/:accountId', member, async (c) => {
      const { accountId, role } = c.get('membership');
      if (!accountPolicy.delete(role)) throw forbidden('Only the account owner can delete the account');
      await deleteAccount(db, accountId);
      return c.body(null, 204);
    })
    .get('/:accountId/stats', member, async (c) => {
      const { accountId } = c.get('membership');
      return c.json({ data: { members: await countMembers(db, accountId) } });
    });
}
