/** A login link works for this many minutes. */
export const LOGIN_LINK_LIFETIME_MINUTES = 10;
/** One login link per address per this many seconds. */
export const LOGIN_LINK_INTERVAL_SECONDS = 60;
/** The longest full name; here, free of zod, because the sign-up form checks it too. */
export const FULL_NAME_MAX_LENGTH = 120;
/** The code of the 403 a session that still owes its two-factor code gets (decision 4); here, free of zod, for the API client. */
export const SECOND_FACTOR_REQUIRED_CODE = 'mfa_required';
