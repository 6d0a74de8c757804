import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { CreateAccountForm } from './create-account-form';

/** Creates another workspace from anywhere in the app. */
export function CreateAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader
          title="Create a workspace"
          description="A workspace holds your team's knowledge. You will be its owner."
        />
        <CreateAccountForm onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
