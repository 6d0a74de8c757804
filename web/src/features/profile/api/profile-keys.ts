/** Query keys for the signed-in person's own profile. */
export const profileKeys = { me: ['me'] as const };
