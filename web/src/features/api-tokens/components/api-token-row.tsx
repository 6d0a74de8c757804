import type { ApiTokenDto } from '@common/api-tokens';
import { KeyRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/utils';

const expiry = (token: ApiTokenDto) => {
  if (!token.expiresAt) return 'Never expires';
  const at = new Date(token.expiresAt);
  return at.getTime() < Date.now() ? `Expired ${formatDate(at)}` : `Expires ${formatDate(at)}`;
};

/** One token: its name and start, workspace, access, dates; and Revoke. */
export function ApiTokenRow({ token, onRevoke }: { token: ApiTokenDto; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <KeyRound className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{token.name}</span>
          <Badge variant={token.access === 'write' ? 'default' : 'muted'}>
            {token.access === 'write' ? 'Read and write' : 'Read-only'}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground">
          <code className="font-mono">{token.start}…</code> · {token.accountName}
        </p>
        <p className="text-xs text-muted-foreground">
          Created {formatDate(token.createdAt)} · {expiry(token)} ·{' '}
          {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onRevoke} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
    </li>
  );
}
