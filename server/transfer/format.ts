/**
 * The shape of a Lore export (decision 17): `lore-export.json` at the root with
 * everything needed to restore the workspace, one Markdown file per item under
 * `knowledge/`, the images the items show under `knowledge/images/` and their PDFs
 * under `knowledge/pdfs/`. Since version 2 (decision 35) the Markdown files keep the
 * tree: a folder per collection, and a page with pages is its folder's `index.md`,
 * its pages beside it; the manifest names each item's collection, parent and place,
 * and each collection's restriction and chosen members (by address).
 */
export const MANIFEST_NAME = 'lore-export.json';
export const MANIFEST_FORMAT = 'lore-export';
export const MANIFEST_VERSION = 2;
export const ITEMS_FOLDER = 'knowledge';
export const IMAGES_FOLDER = `${ITEMS_FOLDER}/images`;
export const PDFS_FOLDER = `${ITEMS_FOLDER}/pdfs`;

import type { ExportedThread } from '../data/comments';

/** One item in the manifest. Image and PDF sources in `content` are relative to the manifest. */
export interface ManifestItem {
  id: string;
  short_id: string;
  title: string;
  tags: string[];
  content: string;
  /** Who wrote it; `email` (since this branch) gives it back to them when they are a member where it is imported. */
  author: { id: string | null; name: string | null; email?: string | null };
  created_at: string;
  updated_at: string;
  ai_summary: string | null;
  ai_question: string | null;
  /** The item's Markdown file in the export. */
  file: string;
  /** Its collection (an id of `collections`), the item it is under (an id of `items`) and its place there; version 2. */
  collection_id?: string;
  parent_id?: string | null;
  position?: number;
  /** Its comment threads, oldest first, each with its comments (decision 38); absent when it has none. */
  comments?: ExportedThread[];
}

/** A collection in the manifest (version 2): what it is, and who it was restricted to, by address. */
export interface ManifestCollection {
  id: string;
  name: string;
  description: string | null;
  color: string | null;
  position: number;
  restricted: boolean;
  member_emails: string[];
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: number;
  exported_at: string;
  account: { id: string; name: string };
  collections?: ManifestCollection[];
  items: ManifestItem[];
}

/** The Markdown file of each item: under its collection's folder and its ancestors', a page with pages as `index.md`. */
export function itemFiles(tree: {
  collections: Array<{ id: string; name: string }>;
  places: Array<{ id: string; short_id: string; title: string; collection_id: string; parent_id: string | null }>;
}): Map<string, string> {
  const folders = new Map<string, string>();
  const used = new Set<string>();
  for (const collection of tree.collections) {
    let name = slugOf(collection.name);
    for (let n = 2; used.has(name); n++) name = `${slugOf(collection.name)}-${n}`;
    used.add(name);
    folders.set(collection.id, `${ITEMS_FOLDER}/${name}`);
  }
  const byId = new Map(tree.places.map((place) => [place.id, place]));
  const parents = new Set(tree.places.flatMap((place) => (place.parent_id ? [place.parent_id] : [])));
  const named = (place: { title: string; short_id: string }) => `${slugOf(place.title)}-${place.short_id}`;
  const files = new Map<string, string>();
  for (const place of tree.places) {
    const ancestors: string[] = [];
    for (let up = place.parent_id ? byId.get(place.parent_id) : undefined; up && ancestors.length < 10_000;) {
      ancestors.unshift(named(up));
      up = up.parent_id ? byId.get(up.parent_id) : undefined;
    }
    const folder = [folders.get(place.collection_id) ?? ITEMS_FOLDER, ...ancestors].join('/');
    files.set(place.id, parents.has(place.id) ? `${folder}/${named(place)}/index.md` : `${folder}/${named(place)}.md`);
  }
  return files;
}

/** A file name from a title: lower-case letters, digits and dashes, never empty. */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'item';
}
