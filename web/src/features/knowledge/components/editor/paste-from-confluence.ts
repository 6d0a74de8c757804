import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';

/**
 * Confluence (and other editors built on Atlassian's) copies a code block as `<pre data-language="bash">`,
 * where Lore's code block reads its language from the `language-x` class of its `<code>`: the class is added,
 * so the block keeps its language.
 */
export function dataLanguageAsClass(html: string): string {
  if (!html.includes('data-language')) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const pre of Array.from(doc.body.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    const language = (code?.getAttribute('data-language') ?? pre.getAttribute('data-language'))?.trim();
    if (code && language && /^[\w#+-]+$/.test(language)) code.classList.add(`language-${language.toLowerCase()}`);
  }
  return doc.body.innerHTML;
}

/** Pasted HTML from Confluence with its code blocks' languages kept (`dataLanguageAsClass`). */
export const PasteFromConfluence = Extension.create({
  name: 'pasteFromConfluence',
  addProseMirrorPlugins() {
    return [new Plugin({ props: { transformPastedHTML: dataLanguageAsClass } })];
  },
});
