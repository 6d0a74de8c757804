import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/dialog';

/** Asks before leaving a form with unsaved changes: in-app navigation gets a dialog, closing the tab the browser's prompt. */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!when()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.reset?.()}
      title="Discard unsaved changes?"
      description="You have changes that are not saved. If you leave now, they will be lost."
      confirmLabel="Discard changes"
      destructive
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
