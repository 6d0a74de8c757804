/** ['notifications', accountId]: the person's own notifications in a workspace (the live refresh's key for them). */
export const notificationKeys = { mine: (accountId: string) => ['notifications', accountId] as const };
