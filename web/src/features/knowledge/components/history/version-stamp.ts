import type { RevisionSummaryDto } from '@common/knowledge-history';
import { formatDate } from '@/lib/utils';

/** "Ada Lovelace · 27 Nov 2026, 14:05": who made a version and when (the history page is drawn in the browser only). */
export function versionStamp(revision: Pick<RevisionSummaryDto, 'saved_by_name' | 'saved_at'>): string {
  const time = new Date(revision.saved_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${revision.saved_by_name ?? 'Unknown'} · ${formatDate(revision.saved_at)}, ${time}`;
}
