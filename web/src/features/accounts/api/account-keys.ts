/** Query keys for workspaces and their people, so every mutation (and the live refresh) names the same ones. */
export const accountKeys = {
  all: ['accounts'] as const,
  one: (accountId: string) => ['accounts', accountId] as const,
  stats: (accountId: string) => ['accounts', accountId, 'stats'] as const,
};

/** A workspace's members and pending invitations (the users page, the dashboard's first steps); `all`, every workspace's. */
export const accountUsersKeys = {
  all: ['account-users'] as const,
  of: (accountId: string) => ['account-users', accountId] as const,
};
