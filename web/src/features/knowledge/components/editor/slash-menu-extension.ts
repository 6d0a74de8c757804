import { Extension, type Editor } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';

/** Where the menu is: the `/query` typed (from the slash to the caret) and the option picked by the arrow keys. */
export interface SlashMenuState {
  active: boolean;
  from: number;
  to: number;
  query: string;
  index: number;
  /** The slash whose menu Escape closed: it stays closed until another slash is typed. */
  dismissed: number | null;
}

/** How many options a query leaves, and what Enter does with one: the menu's component says (`connectSlashMenu`). */
export interface SlashMenuOptions {
  count: (query: string) => number;
  choose: (query: string, index: number) => void;
}

const menus = new WeakMap<Editor, SlashMenuOptions>();

/** Gives an editor's slash menu its options; answers how to take them back. */
export function connectSlashMenu(editor: Editor, options: SlashMenuOptions) {
  menus.set(editor, options);
  return () => {
    if (menus.get(editor) === options) menus.delete(editor);
  };
}

export const slashMenuKey = new PluginKey<SlashMenuState>('slashMenu');
export const SLASH_MENU_ID = 'slash-menu';
export const slashOptionId = (index: number) => `slash-menu-option-${index}`;

const CLOSED: SlashMenuState = { active: false, from: 0, to: 0, query: '', index: 0, dismissed: null };
/** A slash at the start of a paragraph or after a space, then letters: `/`, `/tab`, `/heading-2`. */
const TRIGGER = /(?:^|\s)\/([\p{L}\p{N}-]{0,24})$/u;

/** The slash the caret stands after, in a paragraph (never in a code block, where `/` is code). */
function trigger(state: EditorState) {
  const { selection } = state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if ($from.parent.type.name !== 'paragraph') return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const match = TRIGGER.exec(before);
  if (!match) return null;
  const query = match[1]!;
  return { from: $from.pos - query.length - 1, to: $from.pos, query };
}

type Meta = { move: number } | { close: true };

/**
 * The slash menu's state in the editor: opened by typing `/`, filtered by what follows, moved through with the
 * arrow keys, chosen with Enter or Tab, closed with Escape. The list itself is drawn by `SlashMenu` (React).
 */
export const SlashMenuExtension = Extension.create({
  name: 'slashMenu',
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin<SlashMenuState>({
        key: slashMenuKey,
        state: {
          init: () => CLOSED,
          apply(tr, previous, _old, state) {
            const meta = tr.getMeta(slashMenuKey) as Meta | undefined;
            const found = trigger(state);
            if (!found) return { ...CLOSED, dismissed: null };
            if (meta && 'close' in meta) return { ...CLOSED, dismissed: found.from };
            if (previous.dismissed === found.from) return { ...CLOSED, dismissed: found.from };
            const count = menus.get(editor)?.count(found.query) ?? 0;
            if (count === 0) return { ...CLOSED, dismissed: null };
            const index = found.query === previous.query && previous.active ? previous.index : 0;
            const moved = meta && 'move' in meta ? (index + meta.move + count) % count : Math.min(index, count - 1);
            return { active: true, ...found, index: moved, dismissed: null };
          },
        },
        props: {
          handleKeyDown(view, event) {
            const menu = slashMenuKey.getState(view.state);
            if (!menu?.active) return false;
            const move = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
            if (move) view.dispatch(view.state.tr.setMeta(slashMenuKey, { move }));
            else if (event.key === 'Escape') view.dispatch(view.state.tr.setMeta(slashMenuKey, { close: true }));
            else if (event.key === 'Enter' || event.key === 'Tab') menus.get(editor)?.choose(menu.query, menu.index);
            else return false;
            event.preventDefault();
            return true;
          },
          // The editor (a textbox) names the list it controls and the option the arrow keys are on.
          attributes(state): Record<string, string> {
            const menu = slashMenuKey.getState(state);
            return menu?.active
              ? { 'aria-controls': SLASH_MENU_ID, 'aria-activedescendant': slashOptionId(menu.index) }
              : {};
          },
        },
      }),
    ];
  },
});
