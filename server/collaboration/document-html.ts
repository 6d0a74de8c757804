import { getSchema } from '@tiptap/core';
import { DOMParser as ProseMirrorParser, DOMSerializer, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { prosemirrorToYXmlFragment, updateYFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { parseHTML } from 'linkedom';
import * as Y from 'yjs';
import { COLLABORATION_FIELD } from '../../common/collaboration';
import { knowledgeSchemaExtensions } from '../../common/editor-schema';

/** The editor's own schema (common/editor-schema.ts): what the browser's editor can hold, the server can read and write. */
const schema = getSchema(knowledgeSchemaExtensions());

/** A document for linkedom to parse into and serialize with; ProseMirror needs one, Node has none. */
const page = () => parseHTML('<!doctype html><html><body></body></html>').document;

/** Stored HTML read as the editor reads it (what it cannot hold is dropped, as pasting it would). */
function parseContent(html: string): ProseMirrorNode {
  const document = page();
  const body = document.body;
  body.innerHTML = html;
  return ProseMirrorParser.fromSchema(schema).parse(body as unknown as globalThis.Node);
}

/** The document's shared fragment, which Tiptap's Collaboration extension edits. */
export const contentFragment = (doc: Y.Doc) => doc.getXmlFragment(COLLABORATION_FIELD);

/** Fills an empty document with an item's stored HTML: the first time an item is opened for co-editing. */
export function fillDocument(doc: Y.Doc, html: string) {
  doc.transact(() => prosemirrorToYXmlFragment(parseContent(html), contentFragment(doc)));
}

/**
 * Makes the document say what `html` says, changing only what differs (concurrent typing elsewhere in it
 * merges): an edit saved through the API, or a restore, while the document is live.
 */
export function replaceDocumentContent(doc: Y.Doc, html: string, origin: unknown) {
  doc.transact(() => {
    updateYFragment(doc, contentFragment(doc), parseContent(html), { mapping: new Map(), isOMark: new Map() });
  }, origin);
}

/** The document as the editor's HTML (`editor.getHTML()`); '' for an empty one, as the editor saves it. */
export function documentHtml(doc: Y.Doc): string {
  const root = yXmlFragmentToProseMirrorRootNode(contentFragment(doc), schema);
  const isEmpty =
    root.childCount === 0 ||
    (root.childCount === 1 && root.firstChild!.isTextblock && root.firstChild!.content.size === 0);
  if (isEmpty) return '';
  const document = page();
  const container = document.createElement('div');
  container.appendChild(
    DOMSerializer.fromSchema(schema).serializeFragment(root.content, { document: document as never }) as never,
  );
  return container.innerHTML;
}
