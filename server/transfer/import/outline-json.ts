import path from 'node:path';
import { marked } from 'marked';
import type { ManifestCollection } from '../format';
import { validDate } from './lore-export';
import { importKeyOf, readOnce, type PendingDocument } from './pending';
import type { ImportEntry } from './sources';

/** A ProseMirror node as Outline stores a document (`data`). */
interface ProseNode {
  type: string;
  attrs?: Record<string, unknown>;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  text?: string;
  content?: ProseNode[];
}

/** One collection's file of Outline's JSON export. */
interface OutlineCollectionFile {
  collection: { id: string; name: string; description?: string | null };
  documents: Record<
    string,
    {
      id: string;
      title: string;
      data?: ProseNode;
      text?: string;
      createdByName?: string | null;
      createdByEmail?: string | null;
      createdAt?: string;
      updatedAt?: string;
      parentDocumentId?: string | null;
    }
  >;
  attachments?: Record<string, { id: string; key: string; name?: string }>;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const BLOCKS: Record<string, string> = {
  paragraph: 'p',
  blockquote: 'blockquote',
  notice: 'blockquote',
  container_notice: 'blockquote',
  bullet_list: 'ul',
  ordered_list: 'ol',
  list_item: 'li',
  table: 'table',
  tr: 'tr',
  th: 'th',
  td: 'td',
};
const MARKS: Record<string, string> = {
  strong: 'strong',
  bold: 'strong',
  em: 'em',
  italic: 'em',
  code_inline: 'code',
  strikethrough: 's',
  underline: 'u',
};

/** Outline's ProseMirror document as HTML; its attachments' addresses become their files' paths in the export. */
export function outlineHtml(node: ProseNode, attachmentPath: (src: string) => string): string {
  const inner = () => (node.content ?? []).map((child) => outlineHtml(child, attachmentPath)).join('');
  const attr = (name: string) => String(node.attrs?.[name] ?? '');
  switch (node.type) {
    case 'text': {
      let html = escapeHtml(node.text ?? '');
      for (const mark of node.marks ?? []) {
        if (mark.type === 'link') html = `<a href="${escapeHtml(String(mark.attrs?.href ?? ''))}">${html}</a>`;
        else if (MARKS[mark.type]) html = `<${MARKS[mark.type]}>${html}</${MARKS[mark.type]}>`;
      }
      return html;
    }
    case 'heading':
      return `<h${Math.min(4, Number(node.attrs?.level) || 1)}>${inner()}</h${Math.min(4, Number(node.attrs?.level) || 1)}>`;
    case 'code_block':
    case 'code_fence':
      return `<pre><code${attr('language') ? ` class="language-${escapeHtml(attr('language'))}"` : ''}>${inner()}</code></pre>`;
    case 'checkbox_list':
      return `<ul data-type="taskList">${inner()}</ul>`;
    case 'checkbox_item':
      return `<li data-type="taskItem" data-checked="${node.attrs?.checked ? 'true' : 'false'}">${inner()}</li>`;
    case 'hr':
    case 'horizontal_rule':
      return '<hr>';
    case 'br':
    case 'hard_break':
      return '<br>';
    case 'image':
      return `<img src="${escapeHtml(attachmentPath(attr('src')))}" alt="${escapeHtml(attr('alt'))}">`;
    case 'attachment':
      return `<p><a href="${escapeHtml(attachmentPath(attr('href')))}">${escapeHtml(attr('title'))}</a></p>`;
    default:
      return BLOCKS[node.type] ? `<${BLOCKS[node.type]}>${inner()}</${BLOCKS[node.type]}>` : inner();
  }
}

/** Whether a parsed JSON file is a collection of Outline's JSON export. */
const isOutlineCollection = (value: unknown): value is OutlineCollectionFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OutlineCollectionFile).collection?.name === 'string' &&
  typeof (value as OutlineCollectionFile).documents === 'object';

/**
 * The documents of Outline's JSON export (decision 39): each collection's file names its documents, their
 * parents, authors and dates, and the attachments (under `uploads/`) their images show. Its documents come in
 * as an export's items do: into a collection of its name, under their parents, given back to their authors.
 */
export function restoreOutline(entries: ImportEntry[]) {
  const documents: PendingDocument[] = [];
  const restored = new Set<string>();
  const collections: ManifestCollection[] = [];
  for (const entry of entries) {
    if (!/\.json$/i.test(entry.path)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(entry.data));
    } catch {
      continue;
    }
    const folder = path.posix.dirname(entry.path);
    // The export's own description of itself.
    if (path.posix.basename(entry.path) === 'metadata.json' && (parsed as { exportVersion?: unknown }).exportVersion)
      restored.add(entry.path);
    if (!isOutlineCollection(parsed)) continue;
    restored.add(entry.path);
    const { collection, attachments = {} } = parsed;
    collections.push({
      id: collection.id,
      name: collection.name,
      description: collection.description ?? null,
      color: null,
      position: collections.length,
      restricted: false,
      member_emails: [],
    });
    const attachmentPath = (src: string) => {
      const id = /attachments\.redirect\?id=([0-9a-f-]+)/i.exec(src)?.[1];
      const key = id && attachments[id]?.key;
      return key ? (folder === '.' ? key : `${folder}/${key}`) : src;
    };
    const all = Object.values(parsed.documents);
    const parentOf = new Map(all.map((document) => [document.id, document.parentDocumentId ?? null]));
    const depthOf = (id: string) => {
      let depth = 0;
      for (let up = parentOf.get(id); up && depth < parentOf.size; up = parentOf.get(up)) depth++;
      return depth;
    };
    for (const [index, document] of all.entries()) {
      documents.push({
        path: `${entry.path} › ${document.title}`,
        folder: '.',
        key: importKeyOf('file', 'outline', JSON.stringify(document)),
        place: {
          kind: 'export',
          id: document.id,
          collectionId: collection.id,
          parentId: document.parentDocumentId ?? null,
        },
        depth: depthOf(document.id) * 1_000_000 + index,
        author: { name: document.createdByName ?? null, email: document.createdByEmail ?? null },
        read: readOnce(() => ({
          title: document.title,
          tags: [],
          html: document.data
            ? outlineHtml(document.data, attachmentPath)
            : marked.parse(document.text ?? '', { async: false }),
          createdAt: validDate(document.createdAt),
          updatedAt: validDate(document.updatedAt),
        })),
      });
    }
  }
  return { documents, restored, collections };
}
