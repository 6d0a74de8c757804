import path from 'node:path';
import { MANIFEST_FORMAT, MANIFEST_NAME, PDFS_FOLDER, type Manifest, type ManifestCollection } from '../format';
import { UnreadableDocument } from './documents';
import { importKeyOf, readOnce, type PendingDocument } from './pending';
import type { ImportEntry } from './sources';

/**
 * The items of a Lore export's manifest, and the paths they stand for (its Markdown copies and
 * itself), with its collections (version 2).
 */
export function restoreDocuments(entries: ImportEntry[]): {
  documents: PendingDocument[];
  restored: Set<string>;
  collections: ManifestCollection[];
} {
  const manifestEntry = entries
    .filter((entry) => path.posix.basename(entry.path) === MANIFEST_NAME)
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length)[0];
  if (!manifestEntry) return { documents: [], restored: new Set(), collections: [] };
  const restored = new Set([manifestEntry.path]);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestEntry.data)) as Manifest;
    if (manifest.format !== MANIFEST_FORMAT || !Array.isArray(manifest.items)) throw new Error('not a manifest');
  } catch {
    const broken: PendingDocument = {
      path: manifestEntry.path,
      folder: '',
      read: readOnce(() => {
        throw new UnreadableDocument('Not a Lore export file');
      }),
    };
    return { documents: [broken], restored, collections: [] };
  }
  const folder = path.posix.dirname(manifestEntry.path);
  const inFolder = (file: string) => (folder === '.' ? file : `${folder}/${file}`);
  // The export's PDFs come in with the items that show them, not as items of their own.
  for (const entry of entries) {
    if (entry.path.startsWith(`${inFolder(PDFS_FOLDER)}/`)) restored.add(entry.path);
  }
  const parentOf = new Map(
    manifest.items.map((item) => [String(item.id), item.parent_id ? String(item.parent_id) : null]),
  );
  const depthOf = (id: string) => {
    let depth = 0;
    for (let up = parentOf.get(id); up && depth < parentOf.size; up = parentOf.get(up)) depth++;
    return depth;
  };
  const documents = manifest.items.map((item, index): PendingDocument => {
    if (typeof item.file === 'string') restored.add(inFolder(item.file));
    return {
      place: {
        kind: 'export',
        id: String(item.id),
        collectionId: typeof item.collection_id === 'string' ? item.collection_id : null,
        parentId: typeof item.parent_id === 'string' ? item.parent_id : null,
      },
      // Parents first, then each level in its order.
      depth: depthOf(String(item.id)) * 1_000_000 + (Number(item.position) || 0),
      path: typeof item.file === 'string' ? inFolder(item.file) : `${manifestEntry.path} (item ${index + 1})`,
      folder,
      // The export's item as it was: the same export (or a later one of an unchanged item) is skipped.
      key: importKeyOf('lore-export', JSON.stringify(item)),
      author: {
        name: typeof item.author?.name === 'string' ? item.author.name : null,
        email: typeof item.author?.email === 'string' ? item.author.email : null,
      },
      read: readOnce(() => ({
        title: String(item.title ?? ''),
        tags: Array.isArray(item.tags) ? item.tags.map(String) : [],
        html: String(item.content ?? ''),
        createdAt: validDate(item.created_at),
        updatedAt: validDate(item.updated_at),
      })),
    };
  });
  const collections = Array.isArray(manifest.collections) ? manifest.collections : [];
  return { documents, restored, collections };
}

/** A date an export wrote, if it is one. */
export function validDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
