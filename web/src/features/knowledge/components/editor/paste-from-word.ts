import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';

const WORD_LIST_ITEM = /mso-list:\s*l\d+\s+level(\d+)/i;
/** Word's marker of a numbered item: "1.", "a)", "iv." (a bullet is "·", "o", "§"). */
const NUMBERED = /^\s*[0-9a-z]{1,4}[.)]/i;

/**
 * Word writes a list as paragraphs (`<p style="mso-list:l0 level2 lfo1">` with its bullet as text in a
 * `mso-list:Ignore` span), which would paste as paragraphs starting with "·". Consecutive ones become the
 * nested lists they were; their markers go.
 */
export function wordListsAsLists(html: string): string {
  if (!WORD_LIST_ITEM.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let lists: HTMLElement[] = [];
  for (const paragraph of Array.from(doc.body.querySelectorAll('p'))) {
    const level = WORD_LIST_ITEM.exec(paragraph.getAttribute('style') ?? '')?.[1];
    if (!level) continue;
    const marker = paragraph.querySelector('span[style*="mso-list:Ignore"], span[style*="mso-list: Ignore"]');
    const ordered = NUMBERED.test(marker?.textContent ?? '');
    marker?.remove();
    // A paragraph right after the list continues it; any other starts a new one.
    if (paragraph.previousElementSibling !== lists[0]) lists = [];
    const depth = Math.max(1, Number(level));
    lists.length = Math.min(lists.length, depth);
    while (lists.length < depth) {
      const list = doc.createElement(ordered ? 'ol' : 'ul');
      const parent = lists.at(-1);
      if (!parent) paragraph.before(list);
      else (parent.lastElementChild ?? parent.appendChild(doc.createElement('li'))).append(list);
      lists.push(list);
    }
    const item = doc.createElement('li');
    item.append(...Array.from(paragraph.childNodes));
    lists.at(-1)!.append(item);
    paragraph.remove();
  }
  return doc.body.innerHTML;
}

/** Pasted HTML from Word with its lists made lists (`wordListsAsLists`). */
export const PasteFromWord = Extension.create({
  name: 'pasteFromWord',
  addProseMirrorPlugins() {
    return [new Plugin({ props: { transformPastedHTML: wordListsAsLists } })];
  },
});
