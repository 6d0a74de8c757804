import { compile, selectAll, selectOne } from 'css-select';
import {
  hasChildren,
  isTag,
  isText,
  type AnyNode,
  type ChildNode,
  type Document,
  type Element,
  type ParentNode,
  type Text,
} from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * HTML as a tree to read and change: htmlparser2's (the parser sanitize-html uses), queried
 * with css-select and written out with dom-serializer. linkedom's DOM took 28 ms to build for a
 * page of the Python docs, where the importer now reads the page in 8 (decision 50); it is
 * kept only for Readability, which needs a DOM.
 */
export type { Document, Element, ParentNode };

export const parseHtml = (html: string): Document => parseDocument(html);

/** The elements under `root` a CSS selector finds, in document order. */
export const findAll = (selector: string, root: AnyNode) => selectAll<AnyNode, Element>(compiled(selector), root);
export const findFirst = (selector: string, root: AnyNode) => selectOne<AnyNode, Element>(compiled(selector), root);

/**
 * Each selector compiled once: compiling it for every page was 10-20% of reading a page of the Python
 * docs. No selector here is relative to its root (`:scope`, a leading combinator), so one compiled
 * without a root serves every root.
 */
const COMPILED = new Map<string, ReturnType<typeof compile<AnyNode, Element>>>();
function compiled(selector: string) {
  let query = COMPILED.get(selector);
  if (!query) COMPILED.set(selector, (query = compile<AnyNode, Element>(selector)));
  return query;
}

/** The text of a node (none: empty), as the DOM's textContent. */
export const textIn = (node: AnyNode | null) => (node ? DomUtils.textContent(node) : '');

export const removeNode = (node: AnyNode) => DomUtils.removeElement(node);

/**
 * Puts the children of each element under `root` that `unwrapped` picks in its place, in one pass
 * (moving them one at a time searched their new parent's children for each).
 */
export function unwrapElements(root: ParentNode, unwrapped: (element: Element) => boolean) {
  let changed = false;
  const children: ChildNode[] = [];
  for (const child of root.children) {
    if (hasChildren(child)) unwrapElements(child, unwrapped);
    if (isTag(child) && unwrapped(child)) {
      children.push(...child.children);
      changed = true;
    } else children.push(child);
  }
  if (!changed) return;
  children.forEach((child, i) => {
    child.parent = root;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  });
  root.children = children;
}

/**
 * Elements whose text htmlparser2 reads as markup, decoding its character references, and
 * dom-serializer writes as it is, as a browser reads them: `&lt;b&gt;` in a `<noscript>` would
 * be written back as a tag. Their text is escaped again before it is written.
 */
const READ_AS_MARKUP_WRITTEN_AS_IS = new Set(['noscript', 'iframe', 'noembed', 'noframes', 'plaintext']);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML of what is inside `node` (a document: all of it); characters as they are, markup escaped. */
export function innerHtml(node: ParentNode): string {
  for (const text of DomUtils.filter(isText, node) as Text[])
    if (text.parent && isTag(text.parent) && READ_AS_MARKUP_WRITTEN_AS_IS.has(text.parent.name))
      text.data = escapeText(text.data);
  return DomUtils.getInnerHTML(node, { encodeEntities: 'utf8' });
}
