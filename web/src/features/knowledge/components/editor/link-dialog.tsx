import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';

/** Asks for a link address; an empty one removes the link. */
export function LinkDialog(props: {
  open: boolean;
  initial: string;
  onOpenChange: (open: boolean) => void;
  onSubmit: (href: string) => void;
}) {
  const [href, setHref] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but React still bubbles its submit to the article form around the editor.
    event.stopPropagation();
    const value = href.trim();
    if (value && !/^(https?:\/\/|mailto:)/i.test(value) && /^[a-z][a-z0-9+.-]*:/i.test(value)) {
      setError('Links must start with http://, https:// or mailto:');
      return;
    }
    props.onSubmit(value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value);
  };
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-1">
            <DialogTitle>Link</DialogTitle>
            <DialogDescription>Paste the address. Leave it empty to remove the link.</DialogDescription>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="link-href">Address</Label>
            <Input
              id="link-href"
              value={href}
              autoFocus
              onChange={(event) => {
                setHref(event.target.value);
                setError(null);
              }}
              placeholder="https://example.com"
            />
            <FieldError>{error}</FieldError>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Save link</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
