import { useEffect, type RefObject } from 'react';

/** Where typing goes to a field already: `/` there is a character, not the shortcut. */
const isTypingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT');

/** Ctrl+K (⌘K on a Mac), or `/` outside any text field, puts the caret in `field`: the page's search box. */
export function useSearchShortcut(field: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingIn(event.target);
      if ((!commandK && !slash) || !field.current) return;
      event.preventDefault();
      field.current.focus();
      field.current.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [field]);
}
