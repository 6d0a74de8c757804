/** Query keys for the caller's stars. */
export const starKeys = {
  mine: (accountId: string) => ['stars', accountId] as const,
};
