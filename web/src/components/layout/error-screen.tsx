import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

/** The generic error screen, for anything the app did not expect. */
export function ErrorScreen({ onReset }: { onReset?: () => void }) {
  useDocumentTitle(['Something Went Wrong']);
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-6" />
        </div>
        <h1 className="text-2xl font-semibold">Something Went Wrong</h1>
        <p className="mt-2 text-muted-foreground">
          An unexpected error has occurred. You can try again or return to the home page.
        </p>
        <div className="mt-6 flex gap-3">
          <Button variant="outline" onClick={onReset ?? (() => window.location.reload())}>
            Try Again
          </Button>
          <Button onClick={() => window.location.assign('/')}>Go Home</Button>
        </div>
      </div>
    </div>
  );
}

/** The router's error element; logs the error for developers. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error(error);
  return <ErrorScreen />;
}
