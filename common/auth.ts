/** A login link works for this many minutes. */
export const LOGIN_LINK_LIFETIME_MINUTES = 10;
/** One login link per address per this many seconds. */
export const LOGIN_LINK_INTERVAL_SECONDS = 60;
/** The longest full name; here, free of zod, because the sign-up form checks it too. */
export const FULL_NAME_MAX_LENGTH = 120;
/** The code of the 403 a session that still owes its two-factor code gets (decision 4); here, free of zod, for the API client. */
export const SECOND_FACTOR_REQUIRED_CODE = 'mfa_required';
/**
 * Why a sign-in link did not sign in, as POST /api/redeemLoginLink's 400 says; `link_used`
 * and `link_expired` come only for a link Lore issued, with its address (decision 22).
 * Here, free of zod, for the login page.
 */
export const LOGIN_LINK_FAILURE_CODES = {
  invalid: 'invalid_link',
  used: 'link_used',
  expired: 'link_expired',
} as const;
