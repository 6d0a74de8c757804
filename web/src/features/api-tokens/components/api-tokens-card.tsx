import { useQuery } from '@tanstack/react-query';
import { KeyRound, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { ApiTokenDto } from '@common/api-tokens';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { apiTokensQuery, useRevokeApiToken } from '../api/api-tokens';
import { ApiTokenRow } from './api-token-row';
import { CreateApiTokenDialog, type TokenWorkspace } from './create-api-token-dialog';

/** Settings > Profile: the person's API tokens, a way to create one, and Revoke. */
export function ApiTokensCard({ accountId, workspaces }: { accountId: string; workspaces: TokenWorkspace[] }) {
  const tokens = useQuery(apiTokensQuery);
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>API tokens</CardTitle>
          <CardDescription>
            Let a script or another tool call Lore&apos;s API as you, in one workspace. Treat a token like a password.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => setCreating(true)}>
          <Plus /> Create token
        </Button>
      </CardHeader>
      <CardContent>
        {tokens.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : tokens.isError ? (
          <EmptyState
            icon={KeyRound}
            title="Could not load your API tokens"
            action={
              <Button variant="outline" onClick={() => void tokens.refetch()}>
                <RefreshCw /> Try Again
              </Button>
            }
          >
            {tokens.error.message}
          </EmptyState>
        ) : tokens.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API tokens yet.</p>
        ) : (
          <ul className="divide-y rounded-xl border" aria-label="API tokens">
            {tokens.data.map((token) => (
              <ApiTokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
            ))}
          </ul>
        )}
      </CardContent>
      <CreateApiTokenDialog open={creating} onOpenChange={setCreating} accountId={accountId} workspaces={workspaces} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this token?"
        description={`Anything that uses “${revoking?.name ?? ''}” stops working at once. This action cannot be undone.`}
        confirmLabel="Revoke token"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        destructive
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
      />
    </Card>
  );
}
