import type { RevisionDto, RevisionSummaryDto } from '../../common/knowledge-history';
import { displayNameOf } from '../../common/profile';

interface VersionRow {
  version: number;
  name: string | null;
  saved_at: Date;
  saved_by_full_name: string | null;
  saved_by_email: string | null;
  restored_from: number | null;
}

/** A version for the history list: who made it named as an author is (null when unknown or deleted). */
export function presentRevisionSummary(row: VersionRow, current: boolean): RevisionSummaryDto {
  return {
    version: row.version,
    name: row.name,
    saved_by_name: row.saved_by_email === null ? null : displayNameOf(row.saved_by_full_name, row.saved_by_email),
    saved_at: row.saved_at.toISOString(),
    restored_from: row.restored_from,
    current,
  };
}

/** A version whole: what the item was then. */
export function presentRevision(
  row: VersionRow & { title: string; content: string; tags: string[] },
  current: boolean,
): RevisionDto {
  return { ...presentRevisionSummary(row, current), title: row.title, content: row.content, tags: row.tags };
}
