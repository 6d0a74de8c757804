/** Workspaces ("accounts"): choosing, creating and configuring them, their dashboard and the app shell around them. */
export { accountKeys, accountQuery } from './api/accounts-queries';
export { accountsPages } from './lazy-pages';
