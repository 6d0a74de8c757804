import { useEditorState, type Editor } from '@tiptap/react';
import {
  FileUp,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  List,
  ListOrdered,
  Minus,
  Quote,
  SquareCode,
  Table,
  type LucideIcon,
} from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { cn } from '@/lib/utils';
import { connectSlashMenu, SLASH_MENU_ID, slashMenuKey, slashOptionId } from './slash-menu-extension';

/** What the menu needs from the editor's page: the file pickers, which live with the toolbar. */
export interface BlockPickers {
  pickImages: () => void;
  pickPdfs: () => void;
}

interface Block {
  title: string;
  /** Other words that find it: `/h2`, `/ul`, `/grid`. */
  keywords: string[];
  icon: LucideIcon;
  insert: (editor: Editor, pickers: BlockPickers) => void;
}

/** The blocks `/` offers, in this order. Each first deletes the typed `/query` (done by `choose`). */
const BLOCKS: Block[] = [
  {
    title: 'Heading 1',
    keywords: ['h1', 'title'],
    icon: Heading1,
    insert: (e) => e.chain().focus().setHeading({ level: 1 }).run(),
  },
  {
    title: 'Heading 2',
    keywords: ['h2', 'subtitle'],
    icon: Heading2,
    insert: (e) => e.chain().focus().setHeading({ level: 2 }).run(),
  },
  {
    title: 'Heading 3',
    keywords: ['h3'],
    icon: Heading3,
    insert: (e) => e.chain().focus().setHeading({ level: 3 }).run(),
  },
  {
    title: 'Bullet list',
    keywords: ['ul', 'unordered'],
    icon: List,
    insert: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    title: 'Numbered list',
    keywords: ['ol', 'ordered'],
    icon: ListOrdered,
    insert: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    title: 'Table',
    keywords: ['grid', 'spreadsheet'],
    icon: Table,
    insert: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    title: 'Code block',
    keywords: ['pre', 'snippet'],
    icon: SquareCode,
    insert: (e) => e.chain().focus().setCodeBlock().run(),
  },
  {
    title: 'Quote',
    keywords: ['blockquote', 'citation'],
    icon: Quote,
    insert: (e) => e.chain().focus().setBlockquote().run(),
  },
  { title: 'Image', keywords: ['picture', 'photo'], icon: ImagePlus, insert: (_e, pickers) => pickers.pickImages() },
  { title: 'PDF', keywords: ['document', 'file'], icon: FileUp, insert: (_e, pickers) => pickers.pickPdfs() },
  {
    title: 'Divider',
    keywords: ['hr', 'rule', 'line'],
    icon: Minus,
    insert: (e) => e.chain().focus().setHorizontalRule().run(),
  },
];

/** The blocks whose name or keywords start with what was typed after the slash (any word of the name). */
export function blocksFor(query: string): Block[] {
  const wanted = query.toLowerCase().replace(/-/g, ' ').trim();
  if (!wanted) return BLOCKS;
  return BLOCKS.filter((block) =>
    [block.title.toLowerCase(), ...block.title.toLowerCase().split(' '), ...block.keywords].some((word) =>
      word.startsWith(wanted),
    ),
  );
}

/** The list `/` opens under the caret (state in `SlashMenuExtension`): a listbox of the blocks that match. */
export function SlashMenu({ editor, pickers }: { editor: Editor; pickers: BlockPickers }) {
  const menu = useEditorState({ editor, selector: ({ editor: e }) => slashMenuKey.getState(e.state) ?? null });

  const choose = useCallback(
    (query: string, index: number) => {
      const block = blocksFor(query)[index];
      const state = slashMenuKey.getState(editor.state);
      if (!block || !state?.active) return;
      editor.chain().focus().deleteRange({ from: state.from, to: state.to }).run();
      block.insert(editor, pickers);
    },
    [editor, pickers],
  );
  useEffect(() => connectSlashMenu(editor, { count: (query) => blocksFor(query).length, choose }), [editor, choose]);

  if (!menu?.active) return null;
  const blocks = blocksFor(menu.query);
  const caret = editor.view.coordsAtPos(menu.from);
  return (
    <div
      id={SLASH_MENU_ID}
      role="listbox"
      aria-label="Insert a block"
      className="fixed z-50 w-60 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
      style={{ top: caret.bottom + 6, left: Math.max(8, Math.min(caret.left, window.innerWidth - 248)) }}
      // The caret stays in the editor: a click chooses without taking the focus away first.
      onMouseDown={(event) => event.preventDefault()}
    >
      {blocks.map((block, index) => (
        <div
          key={block.title}
          id={slashOptionId(index)}
          role="option"
          aria-selected={index === menu.index}
          onClick={() => choose(menu.query, index)}
          className={cn(
            'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
            index === menu.index ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
          )}
        >
          <block.icon className="size-4 text-muted-foreground" aria-hidden />
          {block.title}
        </div>
      ))}
    </div>
  );
}
