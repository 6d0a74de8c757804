import crypto from 'node:crypto';
import type { ReadDocument } from './documents';
import type { TreePlace } from './placement';

/**
 * A document waiting its turn: where it came from, the folder its images are relative to, how to
 * read it, and its identity (`key`), which the item keeps so that importing it again skips it.
 */
export interface PendingDocument {
  path: string;
  folder: string;
  key?: string;
  /** Where it sits in what was imported: its folders, or its place in an export (decision 35). */
  place?: TreePlace;
  /** Its depth in an export's tree, so that parents are written before their pages. */
  depth?: number;
  /** Its links to other files of the import are made to lead to their items (files, not Lore's exports). */
  links?: boolean;
  /** The author an export names, given back the item when they are a member here (by address). */
  author?: { name: string | null; email: string | null };
  /** Reads it once: started while the document before it is written, awaited in its turn. */
  read: () => Promise<ReadDocument>;
}

/** A read started at most once, whose promise is kept (a failure is seen in the document's turn). */
export function readOnce(read: () => Promise<ReadDocument> | ReadDocument): () => Promise<ReadDocument> {
  let started: Promise<ReadDocument> | undefined;
  return () => {
    if (!started) {
      started = Promise.resolve().then(read);
      started.catch(() => {});
    }
    return started;
  };
}

/** A document's identity in an import (decision 28): what it was, from where; the same file sent again has the same. */
export function importKeyOf(kind: 'file' | 'lore-export', ...parts: Array<string | Uint8Array>): string {
  const hash = crypto.createHash('sha256').update(kind);
  for (const part of parts) hash.update('\0').update(part);
  return `${kind}:${hash.digest('base64url')}`;
}
