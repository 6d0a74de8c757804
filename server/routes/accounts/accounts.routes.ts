import * as api from '../../../common/api/accounts';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership, currentUser } from '../../auth/guards';
import { idempotencyKeyOf } from '../../api/idempotency-key';
import { createAccountWithOwner } from '../../commands/create-account';
import { countMembers } from '../../data/account-members';
import { deleteAccount, findAccount, listAccountsForUser, renameAccount } from '../../data/accounts';
import { notFound } from '../../errors';
import { cleanUpImagesLater } from '../../jobs/clean-up-images';
import { accountPolicy } from '../../policies/account-policy';
import { authorize } from '../../policies/authorize';
import { presentAccount } from '../../presenters/account-presenter';

/** /api/accounts: the caller's workspaces. */
export function accountsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return createRouter(deps)
    .openapi(api.listAccounts, async (c) => {
      const rows = await listAccountsForUser(db, currentUser(c).id);
      return c.json({ data: rows.map((row) => presentAccount(row, row.role)) }, 200);
    })
    .openapi(api.createAccount, async (c) => {
      const { name } = c.req.valid('json');
      // A retried create (its answer lost) sends the same key and gets the account the first made.
      const account = await createAccountWithOwner(db, {
        name,
        userId: currentUser(c).id,
        idempotencyKey: idempotencyKeyOf(c),
      });
      return c.json({ data: presentAccount(account, 'owner') }, 201);
    })
    .openapi(api.getAccount, async (c) => {
      const { accountId, role } = currentMembership(c);
      const account = await findAccount(db, accountId);
      if (!account) throw notFound('Account not found');
      return c.json({ data: presentAccount(account, role) }, 200);
    })
    .openapi(api.renameAccount, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(accountPolicy.rename, { role });
      const { name } = c.req.valid('json');
      return c.json({ data: presentAccount(await renameAccount(db, accountId, name), role) }, 200);
    })
    .openapi(api.deleteAccount, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(accountPolicy.delete, { role });
      await deleteAccount(db, accountId);
      await cleanUpImagesLater(db, accountId, deps.logger);
      return c.body(null, 204);
    })
    .openapi(api.getAccountStats, async (c) => {
      const { accountId } = currentMembership(c);
      return c.json({ data: { members: await countMembers(db, accountId) } }, 200);
    });
}
