import type { ImportAuthors, ImportedFile, ImportLinks } from '../../../common/transfer';
import { membersByEmail } from '../../data/collections';
import type { Executor } from '../../data/executor';
import { newShortId } from '../../data/knowledge';
import type { DocumentLinks, LinkTargets } from './links';
import type { PendingDocument } from './pending';

/**
 * The links between an import's files (decision 39). Each document that links may be linked to gets its
 * item's short id before any is written (the one an earlier run gave it, else a new one the item is then
 * made with), so a link to a file further on is written at once. A file skipped in its turn is then no
 * target, and the links already written to it are counted as not rewritten, with its reason.
 * `earlier`: the items earlier runs made, by import key.
 */
export function linkTargetsOf(
  documents: PendingDocument[],
  skipped: ImportedFile[],
  byPath: ReadonlyMap<string, Uint8Array>,
  earlier: ReadonlyMap<string, { shortId: string }>,
) {
  const linkable = documents.filter((document) => document.links && document.key);
  const shortIds = new Map(
    linkable.map((document) => [document.path, earlier.get(document.key!)?.shortId ?? newShortId()]),
  );
  const skippedReasons = new Map(skipped.map((file) => [file.path, file.reason ?? 'Skipped']));
  const written: Array<{ from: string; href: string; to: string }> = [];
  const unresolved: ImportLinks['unresolved'] = [];
  // A folder picked or zipped whole: every path starts with its name.
  const tops = new Set([...byPath.keys()].map((filePath) => (filePath.includes('/') ? filePath.split('/')[0] : '')));
  const root = tops.size === 1 ? [...tops][0] : '';
  const targets: LinkTargets = {
    inside: (filePath) => !root || filePath.startsWith(`${root}/`),
    shortIdOf: (filePath) => shortIds.get(filePath),
    skippedReason: (filePath) => skippedReasons.get(filePath),
    holds: (filePath) => byPath.has(filePath),
  };
  return {
    targets,
    /** The short id reserved for the document's item, if it was given one. */
    shortIdOf: (filePath: string) => shortIds.get(filePath),
    /** What became of one document's links. */
    record(from: string, links: DocumentLinks) {
      for (const link of links.rewritten) written.push({ from, ...link });
      for (const link of links.unresolved) unresolved.push({ path: from, ...link });
    },
    /** A document skipped in its turn: no longer a target. */
    failed(filePath: string, reason = 'Skipped') {
      if (shortIds.delete(filePath)) skippedReasons.set(filePath, reason);
    },
    /** The links rewritten and not, once every document had its turn; none when no file linked to another. */
    summary(): ImportLinks | undefined {
      const late = written.filter((link) => skippedReasons.has(link.to));
      const rewritten = written.length - late.length;
      const all = [
        ...unresolved,
        ...late.map((link) => ({
          path: link.from,
          href: link.href,
          reason: `Its file (${link.to}) was skipped: ${skippedReasons.get(link.to)}`,
        })),
      ];
      return rewritten + all.length > 0 ? { rewritten, unresolved: all } : undefined;
    },
  };
}

export type LinkTracking = ReturnType<typeof linkTargetsOf>;

/**
 * The authors an export names (decision 39): each is given back their items when a member of this
 * workspace has their address; the others' items are the importer's, and the summary says whose.
 */
export async function authorsOf(db: Executor, accountId: string, importerId: string, documents: PendingDocument[]) {
  const emails = [...new Set(documents.flatMap((document) => document.author?.email ?? []))];
  const members = await membersByEmail(db, accountId, emails);
  let restored = 0;
  const toImporter = new Map<string, ImportAuthors['toImporter'][number]>();
  return {
    /** Who the document's item is written by. */
    userIdOf: (document: PendingDocument) =>
      (document.author?.email && members.get(document.author.email.toLowerCase())) || importerId,
    /** An imported document, counted under its author or under those whose items went to the importer. */
    count(document: PendingDocument, file: ImportedFile) {
      const author = document.author;
      if (!author || file.status !== 'imported') return;
      if (author.email && members.has(author.email.toLowerCase())) {
        restored += 1;
        return;
      }
      const key = author.email?.toLowerCase() ?? `name:${author.name ?? ''}`;
      const entry = toImporter.get(key) ?? { name: author.name, email: author.email, items: 0 };
      entry.items += 1;
      toImporter.set(key, entry);
    },
    /** What became of the authors; none when no imported document named one. */
    summary: (): ImportAuthors | undefined =>
      restored + toImporter.size > 0 ? { restored, toImporter: [...toImporter.values()] } : undefined,
  };
}

export type AuthorTracking = Awaited<ReturnType<typeof authorsOf>>;
