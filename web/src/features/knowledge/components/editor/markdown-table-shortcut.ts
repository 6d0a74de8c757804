import { Extension } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';

/** The cells of a line written as a Markdown table's row (`| Env | Owner |`): two or more, else none. */
export function markdownRowCells(line: string): string[] | null {
  const match = /^\s*\|(.*)\|\s*$/.exec(line);
  if (!match) return null;
  const cells = match[1]!.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, '|').trim());
  return cells.length >= 2 ? cells : null;
}

/**
 * Enter at the end of a paragraph written as a Markdown table's row (`| Env | Owner |`) makes it a table:
 * that row as its header and an empty row below, the caret in its first cell. Not inside a table.
 */
export const MarkdownTableShortcut = Extension.create({
  name: 'markdownTableShortcut',
  // Before the list and paragraph handling of Enter.
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const { state } = editor;
        const { $from, empty } = state.selection;
        const paragraph = $from.parent;
        if (!empty || paragraph.type.name !== 'paragraph' || $from.parentOffset !== paragraph.content.size)
          return false;
        for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type.name === 'table') return false;
        const cells = markdownRowCells(paragraph.textContent);
        if (!cells) return false;
        const { table, tableRow, tableHeader, tableCell, paragraph: paragraphType } = state.schema.nodes;
        if (!table || !tableRow || !tableHeader || !tableCell || !paragraphType) return false;
        const row = (cell: typeof tableCell, texts: string[]) =>
          tableRow.create(
            null,
            texts.map((text) => cell.create(null, paragraphType.create(null, text ? state.schema.text(text) : null))),
          );
        const header = row(tableHeader, cells);
        const made = table.create(null, [
          header,
          row(
            tableCell,
            cells.map(() => ''),
          ),
        ]);
        const start = $from.before();
        const tr = state.tr.replaceWith(start, $from.after(), made);
        // Into the table, past the header row, into the first cell's paragraph.
        tr.setSelection(TextSelection.create(tr.doc, start + 1 + header.nodeSize + 3));
        editor.view.dispatch(tr.scrollIntoView());
        return true;
      },
    };
  },
});
