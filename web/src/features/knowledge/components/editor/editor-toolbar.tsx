import { useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  FileUp,
  Italic,
  Link2,
  List,
  ListChecks,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Table,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { RefObject } from 'react';
import { IMAGE_MIME_TYPES } from '@common/files';
import { cn } from '@/lib/utils';

interface Tool {
  label: string;
  icon: LucideIcon;
  active?: string | [string, Record<string, unknown>];
  run: (editor: Editor) => void;
}

const groups: Tool[][] = [
  [
    {
      label: 'Heading 1',
      icon: Heading1,
      active: ['heading', { level: 1 }],
      run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
    },
    {
      label: 'Heading 2',
      icon: Heading2,
      active: ['heading', { level: 2 }],
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Heading 3',
      icon: Heading3,
      active: ['heading', { level: 3 }],
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
  ],
  [
    { label: 'Bold', icon: Bold, active: 'bold', run: (e) => e.chain().focus().toggleBold().run() },
    { label: 'Italic', icon: Italic, active: 'italic', run: (e) => e.chain().focus().toggleItalic().run() },
    {
      label: 'Strikethrough',
      icon: Strikethrough,
      active: 'strike',
      run: (e) => e.chain().focus().toggleStrike().run(),
    },
    { label: 'Inline code', icon: Code, active: 'code', run: (e) => e.chain().focus().toggleCode().run() },
  ],
  [
    { label: 'Bullet list', icon: List, active: 'bulletList', run: (e) => e.chain().focus().toggleBulletList().run() },
    {
      label: 'Numbered list',
      icon: ListOrdered,
      active: 'orderedList',
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    { label: 'Task list', icon: ListChecks, active: 'taskList', run: (e) => e.chain().focus().toggleTaskList().run() },
  ],
  [
    { label: 'Quote', icon: Quote, active: 'blockquote', run: (e) => e.chain().focus().toggleBlockquote().run() },
    {
      label: 'Code block',
      icon: SquareCode,
      active: 'codeBlock',
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
    },
    {
      label: 'Insert table',
      icon: Table,
      active: 'table',
      run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    { label: 'Horizontal rule', icon: Minus, run: (e) => e.chain().focus().setHorizontalRule().run() },
  ],
];

export function ToolButton({
  label,
  icon: Icon,
  active,
  onClick,
  disabled,
}: {
  label: string;
  icon: LucideIcon;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'flex h-8 w-7 sm:w-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40 cursor-pointer',
        active && 'bg-accent text-accent-foreground',
      )}
    >
      <Icon className="size-4" />
    </button>
  );
}

/**
 * A group of tools that never wraps apart, with a divider after it (but the last). Tight on phones: from 360 px
 * the bar wraps into two rows (nine tools and ten), its buttons 28 px wide there (32 px from `sm`).
 */
const groupClass =
  'flex items-center gap-0.5 border-r pr-0.5 mr-0.5 sm:pr-1 sm:mr-1 last:mr-0 last:border-r-0 last:pr-0 sm:last:mr-0 sm:last:pr-0';

/** The formatting bar above the editor; the image and PDF buttons (and the slash menu) open its file pickers. */
export function EditorToolbar({
  editor,
  onImages,
  onPdfs,
  onLink,
  fileInput,
  pdfInput,
}: {
  editor: Editor;
  onImages: (files: File[]) => void;
  onPdfs: (files: File[]) => void;
  onLink: () => void;
  fileInput: RefObject<HTMLInputElement | null>;
  pdfInput: RefObject<HTMLInputElement | null>;
}) {
  const state = useEditorState({
    editor,
    // Formats show as active only while the editor has focus: before it, the cursor is nowhere the writer put it
    // (an item that starts with a heading would show Heading 2 pressed on opening).
    selector: ({ editor: e }) => ({
      active: groups
        .flat()
        .map(
          (tool) =>
            e.isFocused &&
            (tool.active ? (Array.isArray(tool.active) ? e.isActive(...tool.active) : e.isActive(tool.active)) : false),
        ),
      link: e.isFocused && e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  let index = 0;
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="sticky top-14 z-20 flex flex-wrap items-center gap-y-0.5 border-b bg-card/95 px-1 py-1.5 backdrop-blur sm:px-2"
    >
      {/* Undo and Redo first, as a pair: on a phone the bar wraps into two even rows of whole groups. */}
      <div className={groupClass}>
        <ToolButton
          label="Undo"
          icon={Undo2}
          disabled={!state.canUndo}
          onClick={() => editor.chain().focus().undo().run()}
        />
        <ToolButton
          label="Redo"
          icon={Redo2}
          disabled={!state.canRedo}
          onClick={() => editor.chain().focus().redo().run()}
        />
      </div>
      {groups.map((group, g) => (
        <div key={g} className={groupClass}>
          {group.map((tool) => {
            const active = state.active[index++];
            return (
              <ToolButton
                key={tool.label}
                label={tool.label}
                icon={tool.icon}
                active={active}
                onClick={() => tool.run(editor)}
              />
            );
          })}
        </div>
      ))}
      <div className={groupClass}>
        <ToolButton label="Link" icon={Link2} active={state.link} onClick={onLink} />
        <ToolButton label="Insert image" icon={ImagePlus} onClick={() => fileInput.current?.click()} />
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_MIME_TYPES.join(',')}
          multiple
          hidden
          data-testid="image-file-input"
          onChange={(event) => {
            onImages(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
        <ToolButton label="Attach PDF" icon={FileUp} onClick={() => pdfInput.current?.click()} />
        <input
          ref={pdfInput}
          type="file"
          accept="application/pdf,.pdf"
          multiple
          hidden
          data-testid="pdf-file-input"
          onChange={(event) => {
            onPdfs(Array.from(event.target.files ?? []));
            event.target.value = '';
          }}
        />
      </div>
    </div>
  );
}
