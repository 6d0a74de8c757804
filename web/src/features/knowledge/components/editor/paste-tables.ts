import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Rows of cells, when plain text is a spreadsheet's: two lines or more, each with the same number (2 or more) of
 * tab-separated cells. Anything else (code indented with tabs, say) is not a table.
 */
export function tabSeparatedRows(text: string): string[][] | null {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return null;
  const rows = lines.map((line) => line.split('\t'));
  const columns = rows[0]!.length;
  return columns >= 2 && rows.every((row) => row.length === columns) ? rows : null;
}

/**
 * A spreadsheet's cells pasted as plain text (no HTML beside it: a terminal, a text file, some apps) become a table
 * whose first row is its header. Pasted HTML tables (spreadsheets, pages, Google Docs, Word) need nothing: the
 * schema reads them.
 */
export const PasteTabSeparated = Extension.create({
  name: 'pasteTabSeparated',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        props: {
          handlePaste(view, event) {
            const data = event.clipboardData;
            if (!data || data.types.includes('text/html') || view.state.selection.$from.parent.type.spec.code)
              return false;
            const rows = tabSeparatedRows(data.getData('text/plain'));
            if (!rows) return false;
            const cell = (tag: string) => (text: string) => `<${tag}>${escapeHtml(text.trim())}</${tag}>`;
            const [header, ...body] = rows;
            const html = `<table><tbody><tr>${header!.map(cell('th')).join('')}</tr>${body
              .map((row) => `<tr>${row.map(cell('td')).join('')}</tr>`)
              .join('')}</tbody></table>`;
            // Without the event: pasting it again would come back here with the same plain text.
            return view.pasteHTML(html);
          },
        },
      }),
    ];
  },
});
