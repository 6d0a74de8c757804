import { z } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_BUT_WHITESPACE } from './text';

/**
 * A check for every text field: no control characters, else "`field` cannot
 * contain control characters". One-line fields (names, titles, tags, tokens)
 * refuse tabs and line breaks too; `multiline` text (searches, questions) may carry them.
 */
export function noControlCharacters(field: string, options: { multiline?: boolean } = {}) {
  const pattern = options.multiline ? CONTROL_CHARACTERS_BUT_WHITESPACE : CONTROL_CHARACTERS;
  return z.refine<string>((value) => value.search(pattern) === -1, `${field} cannot contain control characters`);
}
