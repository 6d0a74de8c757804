import { diffWordsWithSpace } from 'diff';

/** A run of text, as it stands in both versions, only in the newer one, or only in the older one. */
export interface TextChange {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** What changed from `before` to `after`, word by word (spaces and line breaks count, so paragraphs stay). */
export function textChanges(before: string, after: string): TextChange[] {
  return diffWordsWithSpace(before, after).map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }));
}

/** Whether any run differs. */
export const hasChanges = (changes: TextChange[]) => changes.some((change) => change.kind !== 'same');

/** Tags of two versions: each once, marked as in both, only the newer, or only the older; the newer's order first. */
export function tagChanges(before: string[], after: string[]): TextChange[] {
  const old = new Set(before);
  const now = new Set(after);
  return [
    ...after.map((tag) => ({ kind: old.has(tag) ? ('same' as const) : ('added' as const), text: tag })),
    ...before.filter((tag) => !now.has(tag)).map((tag) => ({ kind: 'removed' as const, text: tag })),
  ];
}

const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, pre, blockquote, tr, div[data-type="pdf-viewer"]';

/**
 * An article's HTML as the text a reader sees, a line per block, images and PDFs
 * named in brackets: what a comparison of two versions runs over (markup would
 * show as changes nobody made). Needs the browser's DOMParser.
 */
export function articleText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const image of body.querySelectorAll('img')) image.replaceWith(`[Image${image.alt ? `: ${image.alt}` : ''}]`);
  for (const pdf of body.querySelectorAll<HTMLElement>('div[data-type="pdf-viewer"]'))
    pdf.textContent = `[PDF: ${pdf.dataset.filename ?? 'document.pdf'}]`;
  for (const lineBreak of body.querySelectorAll('br')) lineBreak.replaceWith('\n');
  for (const block of body.querySelectorAll(BLOCKS)) block.append('\n');
  return (body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
