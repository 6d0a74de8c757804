/** Workspaces ("accounts"): choosing, creating and configuring them, their dashboard and the app shell around them. */
export { accountKeys, accountUsersKeys } from './api/account-keys';
export { accountUsersQuery } from './api/account-users-query';
export { accountQuery } from './api/accounts-queries';
export { accountsPages, loadAccountsPageData } from './lazy-pages';
