import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import type { TreeNode } from '../lib/tree';

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

/** A collection's pages as a select's options, indented by depth, after one for its top. */
export function ParentOptions({ nodes }: { nodes: TreeNode[] }) {
  return (
    <>
      <option value="">The top of the collection</option>
      {nodes.map((node) => (
        <option key={node.id} value={node.id}>
          {`${'\u2003'.repeat(node.depth)}${node.title}`}
        </option>
      ))}
    </>
  );
}
