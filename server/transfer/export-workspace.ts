import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadsForExport } from '../data/comments';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { KNOWLEDGE_IMAGES_BUCKET, KNOWLEDGE_PDFS_BUCKET, STORED_PATH, type Bucket } from '../../common/files';
import type { AppDeps } from '../app-env';
import { ownPdfPath, pathFromSecureUrl } from '../content/knowledge-html';
import { exportItemPages, exportTree, type ExportItemRow } from '../data/export-items';
import {
  IMAGES_FOLDER,
  ITEMS_FOLDER,
  PDFS_FOLDER,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  MANIFEST_VERSION,
  itemFiles,
  type ManifestItem,
} from './format';
import { authorNameOf } from '../presenters/knowledge-presenter';
import { rewriteImages, rewritePdfViewers } from './html-files';
import { itemMarkdown } from './markdown-out';

type ExportDeps = Pick<AppDeps, 'database' | 'files' | 'logger'>;

/**
 * The workspace as a zip, streamed: items are read a page at a time and each
 * file is written into the zip as it is made, at the pace the reader takes
 * them. The manifest (`lore-export.json`) is gathered in a temporary file while
 * the items go out and added last, so it is never in memory either.
 */
export function exportWorkspace(deps: ExportDeps, account: { id: string; name: string }): ReadableStream<Uint8Array> {
  let wake: (() => void) | undefined;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const zip = new Zip((error, chunk, final) => {
          if (cancelled) return;
          if (error) return controller.error(error);
          controller.enqueue(chunk);
          if (final) controller.close();
        });
        /** Resolves when the reader wants more (or has gone). */
        const room = () =>
          cancelled || (controller.desiredSize ?? 1) > 0
            ? Promise.resolve()
            : new Promise<void>((resolve) => (wake = resolve));
        writeExport(deps, account, zip, room, () => cancelled).catch((error: unknown) => {
          deps.logger.error({ err: error, accountId: account.id }, 'An export failed');
          if (!cancelled) controller.error(error);
        });
      },
      pull() {
        wake?.();
      },
      cancel() {
        cancelled = true;
        wake?.();
      },
    },
    // Chunks the zip may run ahead of the reader.
    { highWaterMark: 16 },
  );
}

async function writeExport(
  deps: ExportDeps,
  account: { id: string; name: string },
  zip: Zip,
  room: () => Promise<void>,
  cancelled: () => boolean,
): Promise<void> {
  const { db } = deps.database;
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lore-export-'));
  const manifestFile = path.join(folder, MANIFEST_NAME);
  try {
    const tree = await exportTree(db, account.id);
    const files = itemFiles(tree);
    const header = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      exported_at: new Date().toISOString(),
      account: { id: account.id, name: account.name },
      collections: tree.collections,
    };
    await fs.promises.writeFile(manifestFile, `${JSON.stringify(header).slice(0, -1)},"items":[\n`);
    const written = new Set<string>();
    let first = true;
    for await (const page of exportItemPages(db, account.id)) {
      const entries: string[] = [];
      const discussions = await threadsForExport(
        db,
        page.map((row) => row.id),
      );
      for (const row of page) {
        if (cancelled()) return;
        const item = await exportItem(deps, account.id, row, zip, written, files.get(row.id));
        const comments = discussions.get(row.id);
        entries.push(JSON.stringify(comments ? { ...item, comments } : item));
        await room();
      }
      await fs.promises.appendFile(manifestFile, `${first ? '' : ',\n'}${entries.join(',\n')}`);
      first = false;
    }
    await fs.promises.appendFile(manifestFile, '\n]}\n');
    const manifest = new ZipDeflate(MANIFEST_NAME, { level: 6 });
    zip.add(manifest);
    await pushFile(manifest, manifestFile, room);
    zip.end();
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/** Writes one item's images, PDFs and Markdown file into the zip; answers its manifest entry. */
async function exportItem(
  deps: ExportDeps,
  accountId: string,
  row: ExportItemRow,
  zip: Zip,
  written: Set<string>,
  /** Its Markdown file, in the tree's folders (an item made since the tree was read: at the top). */
  file = `${ITEMS_FOLDER}/${row.short_id}.md`,
): Promise<ManifestItem> {
  /**
   * Copies a stored file into `folder` of the zip once (files are named by their
   * stored name, so two items showing one image share one copy); answers its
   * path in the zip, or null for a file that is gone (the item keeps its text).
   */
  const copy = async (bucket: Bucket, storedPath: string, folder: string) => {
    const name = `${folder}/${storedPath.slice(storedPath.indexOf('/') + 1)}`;
    if (!written.has(name)) {
      const data = await deps.files.get(bucket, storedPath);
      if (!data) return null;
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
      written.add(name);
    }
    return name;
  };
  const storedImage = (image: { src: string | null; dataPath: string | null }) => {
    const candidate = image.dataPath ?? pathFromSecureUrl(image.src ?? undefined);
    return candidate && STORED_PATH.test(candidate) && candidate.startsWith(`${accountId}/`) ? candidate : undefined;
  };
  const withImages = await rewriteImages(row.content, async (image) => {
    const storedPath = storedImage(image);
    if (!storedPath) return undefined;
    const name = await copy(KNOWLEDGE_IMAGES_BUCKET, storedPath, IMAGES_FOLDER);
    return name ? { src: name } : null;
  });
  const manifestHtml = await rewritePdfViewers(withImages, async ({ src }) => {
    const storedPath = ownPdfPath(src ?? undefined, accountId);
    if (!storedPath) return undefined;
    const name = await copy(KNOWLEDGE_PDFS_BUCKET, storedPath, PDFS_FOLDER);
    return name ? { src: name } : null;
  });
  // The Markdown file sits in its folder of the tree: its links are relative to that.
  const besideItems = (src: string | null) =>
    src?.startsWith(`${ITEMS_FOLDER}/`) ? { src: path.posix.relative(path.posix.dirname(file), src) } : undefined;
  const markdownHtml = await rewritePdfViewers(
    await rewriteImages(manifestHtml, (image) => besideItems(image.src)),
    (pdf) => besideItems(pdf.src),
  );
  const markdown = itemMarkdown({
    title: row.title,
    tags: row.tags,
    author: authorNameOf(row),
    created: row.created_at,
    updated: row.updated_at,
    html: markdownHtml,
  });
  addText(zip, file, markdown);
  return {
    id: row.id,
    short_id: row.short_id,
    title: row.title,
    tags: row.tags,
    content: manifestHtml,
    author: { id: row.user_id, name: authorNameOf(row), email: row.author_email },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ai_summary: row.ai_summary,
    ai_question: row.ai_question,
    file,
    collection_id: row.collection_id,
    parent_id: row.parent_id,
    position: row.position,
  };
}

function addText(zip: Zip, name: string, text: string) {
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  entry.push(new TextEncoder().encode(text), true);
}

async function pushFile(entry: ZipDeflate, file: string, room: () => Promise<void>) {
  let previous: Uint8Array | undefined;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) {
    if (previous) entry.push(previous);
    previous = new Uint8Array(chunk as Buffer);
    await room();
  }
  entry.push(previous ?? new Uint8Array(), true);
}
