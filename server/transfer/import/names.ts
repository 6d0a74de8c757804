import path from 'node:path';

/** The id Notion adds to every exported page's file and folder name: a space and 32 hex digits. */
const NOTION_ID = /\s+[0-9a-f]{32}$/i;

/** A folder's own page: `index.md`, `README.md` (any case, any of the document kinds' extensions). */
export const OWN_PAGE = /^(index|readme)\.[a-z0-9]+$/i;

/** A file or folder name as people read it: without Notion's id (`Roadmap 0123…cdef` is `Roadmap`). */
export const displayName = (segment: string) => segment.replace(NOTION_ID, '').trim() || segment.trim();

/**
 * A document's title of last resort, from its path: its name without extension (and Notion's id, and the
 * `_all` of Notion's full copy of a database); `index.md` and `README.md` take their folder's name.
 */
export function titleFromPath(filePath: string): string {
  const base = path.posix.basename(filePath);
  const folder = path.posix.basename(path.posix.dirname(filePath));
  if (OWN_PAGE.test(base) && folder && folder !== '.') return displayName(folder);
  return (
    displayName(
      base
        .replace(/\.[^.]+$/, '')
        .replace(/_all$/, '')
        .trim(),
    ) || 'Untitled'
  );
}

/**
 * A heading's text without the anchors documentation tools add after it: Sphinx's and MkDocs' "¶",
 * "§" and (after a space) "#" permalinks, a link emoji, and attribute lists such as `{#install}` or `{: #install }`.
 */
export function withoutAnchors(text: string): string {
  return text
    .replace(/\s*\{:?\s*#[^}]*\}\s*$/, '')
    .replace(/(?:\s*[\u00b6\u00a7\u{1f517}]|\s+#)+\s*$/u, '')
    .trim();
}
