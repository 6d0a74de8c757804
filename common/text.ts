/**
 * A whole count as people read it, grouped by thousands: 500,000. Not
 * toLocaleString: its first call loads the locale's number data, and the
 * messages built from counts are made as their modules load, on every page.
 */
export const formatCount = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

/* eslint-disable no-control-regex -- finding control characters is the point */
/**
 * C0 control characters and DEL. PostgreSQL cannot store NUL in text (it
 * answered 500); the others are invisible on screen and break lines in mail and logs.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;
/** The same but tab, line feed and carriage return, which multi-line text may carry. */
export const CONTROL_CHARACTERS_BUT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/* eslint-enable no-control-regex */

/** `value` without the control characters multi-line text may not carry (tabs and line breaks stay). */
export const stripControlCharacters = (value: string) => value.replace(CONTROL_CHARACTERS_BUT_WHITESPACE, '');
