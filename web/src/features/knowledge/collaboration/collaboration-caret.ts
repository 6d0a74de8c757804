import { Extension } from '@tiptap/core';
import { yCursorPlugin } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';
import type { CollaboratorIdentity } from '@common/collaboration';

/** A caret with the person's name above it, in their colour. */
function caret(user: Partial<CollaboratorIdentity>): HTMLElement {
  const element = document.createElement('span');
  element.className = 'collaboration-caret';
  element.style.borderColor = user.color ?? 'currentColor';
  element.setAttribute('data-testid', 'collaboration-caret');
  const label = document.createElement('span');
  label.className = 'collaboration-caret-label';
  label.style.backgroundColor = user.color ?? 'currentColor';
  label.textContent = user.name ?? 'Someone';
  element.append(label);
  return element;
}

/**
 * Everyone else's caret and selection in the editor, from the awareness the server relays (under the
 * names it sets). Tiptap's own extension-collaboration-caret is published only up to 3.31.3, which
 * pins @tiptap/core 3.31.3 as a peer; this is the same y-tiptap plugin, configured here (decision 34).
 */
export const CollaborationCaret = Extension.create<{ awareness: Awareness | null }>({
  name: 'collaborationCaret',
  addOptions() {
    return { awareness: null };
  },
  addProseMirrorPlugins() {
    const { awareness } = this.options;
    if (!awareness) return [];
    return [
      yCursorPlugin(awareness, {
        cursorBuilder: (user: Partial<CollaboratorIdentity>) => caret(user),
        selectionBuilder: (user: Partial<CollaboratorIdentity>) => ({
          style: `background-color: color-mix(in srgb, ${user.color ?? 'gray'} 20%, transparent)`,
          class: 'collaboration-selection',
        }),
      }),
    ];
  },
});
