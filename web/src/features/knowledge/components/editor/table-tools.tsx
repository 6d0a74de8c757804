import { useEditorState, type Editor } from '@tiptap/react';
import { cn } from '@/lib/utils';

/**
 * A tool named in words: the table's tools are few and rare, and icons for them would go into the icons file
 * every page loads (vite.config.ts), the knowledge list's among them.
 */
function TextTool({ label, active, onClick }: { label: string; active?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'h-7 cursor-pointer rounded-md px-2 text-xs font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active && 'bg-accent text-accent-foreground',
      )}
    >
      {label}
    </button>
  );
}

/** The table's own tools, shown under the toolbar while the caret is in a table. */
export function TableTools({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      inTable: e.isActive('table'),
      header: e.isActive('tableHeader'),
    }),
  });
  if (!state.inTable) return null;
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    command(editor.chain().focus()).run();
  return (
    <div
      role="toolbar"
      aria-label="Table"
      className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 px-1 py-1 sm:px-2"
    >
      <TextTool label="Row above" onClick={run((c) => c.addRowBefore())} />
      <TextTool label="Row below" onClick={run((c) => c.addRowAfter())} />
      <TextTool label="Delete row" onClick={run((c) => c.deleteRow())} />
      <TextTool label="Column before" onClick={run((c) => c.addColumnBefore())} />
      <TextTool label="Column after" onClick={run((c) => c.addColumnAfter())} />
      <TextTool label="Delete column" onClick={run((c) => c.deleteColumn())} />
      <TextTool label="Header row" active={state.header} onClick={run((c) => c.toggleHeaderRow())} />
      <TextTool label="Delete table" onClick={run((c) => c.deleteTable())} />
    </div>
  );
}
