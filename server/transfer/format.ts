/**
 * The shape of a Lore export (decision 17): `lore-export.json` at the root with
 * everything needed to restore the workspace, one Markdown file per item under
 * `knowledge/`, the images the items show under `knowledge/images/` and their PDFs
 * under `knowledge/pdfs/`.
 */
export const MANIFEST_NAME = 'lore-export.json';
export const MANIFEST_FORMAT = 'lore-export';
export const MANIFEST_VERSION = 1;
export const ITEMS_FOLDER = 'knowledge';
export const IMAGES_FOLDER = `${ITEMS_FOLDER}/images`;
export const PDFS_FOLDER = `${ITEMS_FOLDER}/pdfs`;

/** One item in the manifest. Image and PDF sources in `content` are relative to the manifest. */
export interface ManifestItem {
  id: string;
  short_id: string;
  title: string;
  tags: string[];
  content: string;
  author: { id: string | null; name: string | null };
  created_at: string;
  updated_at: string;
  ai_summary: string | null;
  ai_question: string | null;
  /** The item's Markdown file in the export. */
  file: string;
}

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: number;
  exported_at: string;
  account: { id: string; name: string };
  items: ManifestItem[];
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
