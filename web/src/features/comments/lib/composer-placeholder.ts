/** What an empty comment composer says: the plain box before the editor's code has come, and the editor. */
export const COMPOSER_PLACEHOLDER = 'Write a comment… Type @ to mention someone';
