import { sharedReads } from './shared-reads';

/** How long a workspace's answer is kept at most (decision 20): what moves no change position shows within this. */
export const WORKSPACE_READS_TTL_MS = 5000;
/**
 * Answers kept at most (a list page is about 60 kB in memory: 30 MB at most); the oldest
 * go first.
 */
const MAX_ENTRIES = 500;

/**
 * Answers that depend on a workspace's items and nothing about who asks: a page of
 * its list, its tags, its count, its weekly counts. Read once and shared by every
 * member who asks until the workspace may have changed (decision 20). Emptied, all of
 * it, when this process's change feed reads any committed change (made through any
 * process: an item saved, a summary written, a member removed) and when a request of
 * this process that may write ends. What moves no change position (an author's new
 * name made through another process) shows within the TTL. Only called after the
 * membership guard and the route's own authorization, and keyed by the workspace.
 */
export function createWorkspaceReads(options: { ttlMs?: number; now?: () => number } = {}) {
  const reads = sharedReads<unknown>({
    ttlMs: options.ttlMs ?? WORKSPACE_READS_TTL_MS,
    maxEntries: MAX_ENTRIES,
    now: options.now ?? Date.now,
  });
  return {
    /** The workspace's answer to `question` (a name and its inputs), from `read` unless kept. */
    read<V>(accountId: string, question: readonly unknown[], read: () => Promise<V>): Promise<V> {
      return reads.read(JSON.stringify([accountId, ...question]), read) as Promise<V>;
    },
    clear() {
      reads.clear();
    },
    /** How many answers are kept (expired ones included until new ones come). */
    get size() {
      return reads.size;
    },
  };
}

export type WorkspaceReads = ReturnType<typeof createWorkspaceReads>;
