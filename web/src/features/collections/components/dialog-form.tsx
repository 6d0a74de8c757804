import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

/** A dialog's form: its fields, then Cancel and the action (which says it is busy while it runs). */
export function DialogForm(props: {
  onSubmit: () => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={props.busy}>
          {props.busy ? props.busyLabel : props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
