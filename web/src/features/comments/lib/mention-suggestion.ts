import type { SuggestionOptions, SuggestionProps } from '@tiptap/suggestion';
import type { MentionableDto } from '@common/discussion';
import { initialsOf } from '@/lib/initials';

/**
 * The @ picker (decision 38): typing `@` offers the workspace's members, filtered as one types, each with
 * their picture (or initials) and name, and a warning on those who cannot see the item. Arrow keys move,
 * Enter or Tab picks, Escape closes. Drawn as a plain listbox beside the caret: it lives in the editor's
 * chunk and needs no React root of its own.
 */
export function mentionSuggestion(
  fetchPeople: (query: string) => Promise<MentionableDto[]>,
): Omit<SuggestionOptions<MentionableDto>, 'editor'> {
  return {
    char: '@',
    items: async ({ query }) => {
      try {
        return await fetchPeople(query);
      } catch {
        return [];
      }
    },
    render: () => {
      let list: HTMLDivElement | undefined;
      let props: SuggestionProps<MentionableDto> | undefined;
      let index = 0;

      const draw = () => {
        if (!list || !props) return;
        list.replaceChildren();
        if (props.items.length === 0) {
          const empty = document.createElement('div');
          empty.className = 'mention-empty';
          empty.textContent = 'No one by that name';
          list.append(empty);
        }
        props.items.forEach((person, i) => {
          const option = document.createElement('div');
          option.id = `mention-option-${i}`;
          option.setAttribute('role', 'option');
          option.setAttribute('aria-selected', String(i === index));
          option.className = 'mention-option';
          const picture = person.avatar_url ? document.createElement('img') : document.createElement('span');
          picture.className = 'mention-avatar';
          picture.setAttribute('aria-hidden', 'true');
          if (picture instanceof HTMLImageElement) {
            picture.src = person.avatar_url!;
            picture.alt = '';
          } else picture.textContent = initialsOf(person.name);
          const name = document.createElement('span');
          name.className = 'mention-name';
          name.textContent = person.name;
          option.append(picture, name);
          if (!person.sees_item) {
            const note = document.createElement('span');
            note.className = 'mention-note';
            note.textContent = 'cannot see this item';
            option.append(note);
          }
          option.addEventListener('mousedown', (event) => {
            event.preventDefault();
            pick(i);
          });
          list!.append(option);
        });
        const rect = props.clientRect?.();
        if (rect) {
          const top = Math.min(rect.bottom + 4, window.innerHeight - list.offsetHeight - 8);
          list.style.top = `${Math.max(8, top)}px`;
          list.style.left = `${Math.max(8, Math.min(rect.left, window.innerWidth - list.offsetWidth - 8))}px`;
        }
        props.editor.view.dom.setAttribute('aria-activedescendant', `mention-option-${index}`);
      };
      const pick = (i: number) => {
        const person = props?.items[i];
        if (person) props!.command({ id: person.id, label: person.name });
      };

      return {
        onStart: (started) => {
          props = started;
          index = 0;
          list = document.createElement('div');
          list.setAttribute('role', 'listbox');
          list.setAttribute('aria-label', 'People to mention');
          list.id = 'mention-picker';
          list.className = 'mention-picker';
          list.dataset.testid = 'mention-picker';
          document.body.append(list);
          started.editor.view.dom.setAttribute('aria-controls', 'mention-picker');
          draw();
        },
        onUpdate: (updated) => {
          props = updated;
          index = Math.min(index, Math.max(0, updated.items.length - 1));
          draw();
        },
        onKeyDown: ({ event }) => {
          const count = props?.items.length ?? 0;
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            if (count > 0) index = (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
            draw();
            return true;
          }
          if (event.key === 'Enter' || event.key === 'Tab') {
            if (count === 0) return false;
            pick(index);
            return true;
          }
          return event.key === 'Escape';
        },
        onExit: () => {
          props?.editor.view.dom.removeAttribute('aria-activedescendant');
          props?.editor.view.dom.removeAttribute('aria-controls');
          list?.remove();
          list = undefined;
          props = undefined;
        },
      };
    },
  };
}
