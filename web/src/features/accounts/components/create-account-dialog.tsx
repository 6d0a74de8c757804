import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CreateAccountForm } from './create-account-form';

/** Creates another workspace from anywhere in the app. */
export function CreateAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <div className="grid gap-1.5">
          <DialogTitle>Create a workspace</DialogTitle>
          <DialogDescription>A workspace holds your team's knowledge. You will be its owner.</DialogDescription>
        </div>
        <CreateAccountForm onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
