import { Link } from 'react-router';
import type { RevisionSummaryDto } from '@common/knowledge-history';
import { cn } from '@/lib/utils';
import { versionStamp } from './version-stamp';

/** The versions, newest first, each a link that opens it; the open one marked (aria-current). */
export function VersionList(props: { revisions: RevisionSummaryDto[]; selected: number }) {
  return (
    <nav aria-label="Versions">
      <ol className="grid gap-1">
        {props.revisions.map((revision) => {
          const open = revision.version === props.selected;
          return (
            <li key={revision.version}>
              <Link
                // The same page, another version: only the query changes.
                to={{ search: `?version=${revision.version}` }}
                replace
                aria-current={open ? 'true' : undefined}
                className={cn(
                  'grid gap-0.5 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  open ? 'border-primary bg-accent' : 'border-transparent',
                )}
              >
                <span className="flex flex-wrap items-center gap-x-2 font-medium">
                  Version {revision.version}
                  {revision.current && (
                    <span className="rounded-full bg-primary/10 px-2 text-xs font-medium text-primary">Current</span>
                  )}
                </span>
                {revision.name && <span className="font-medium wrap-anywhere">{revision.name}</span>}
                {revision.restored_from !== null && (
                  <span className="text-muted-foreground">Restored from version {revision.restored_from}</span>
                )}
                <span className="text-muted-foreground">{versionStamp(revision)}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
