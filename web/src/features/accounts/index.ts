/** Workspaces ("accounts"): choosing, creating and configuring them, their dashboard and the app shell around them. */
export { accountUsersKey, accountUsersQuery } from './api/account-users-query';
export { accountKeys, accountQuery } from './api/accounts-queries';
export { accountsPages, loadAccountsPageData } from './lazy-pages';
