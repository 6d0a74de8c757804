import { useEffect, type RefObject } from 'react';

/**
 * For a field in a page the server draws (decision 25): what was typed into it before
 * the page's code ran becomes the field's state once it runs, as if typed then. The
 * box keeps the text, but the state the rest of the form is drawn from (a button
 * enabled by it, a search run with it) starts from what the server drew.
 */
export function useTypedEarly(
  field: RefObject<HTMLInputElement | null>,
  value: string,
  setValue: (value: string) => void,
) {
  useEffect(() => {
    // After that, the state and the box agree (every change goes through onChange): nothing to do.
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
  }, [field, value, setValue]);
}
