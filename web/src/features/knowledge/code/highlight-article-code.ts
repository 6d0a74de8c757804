import { lowlight } from './code-languages';

/**
 * Highlights the article's code blocks in place (`pre > code.language-x`), once it is on the page: the stored HTML
 * stays plain, and this module loads after first paint, so the article's chunk does not carry the grammars.
 */
export function highlightArticleCode(container: HTMLElement) {
  for (const code of container.querySelectorAll<HTMLElement>('pre > code[class*="language-"]')) {
    const language = /(?:^|\s)language-(\S+)/.exec(code.className)?.[1];
    if (!language || !lowlight.registered(language) || code.dataset.highlighted) continue;
    const tree = lowlight.highlight(language, code.textContent ?? '');
    code.replaceChildren(...tree.children.map(toDom));
    code.dataset.highlighted = language;
  }
}

/** A node of lowlight's tree. */
type TreeNode = ReturnType<typeof lowlight.highlight>['children'][number];

/** lowlight's tree (spans with classes, and text) as DOM nodes; it makes nothing else. */
function toDom(node: TreeNode): Node {
  if (node.type === 'text') return document.createTextNode(node.value);
  if (node.type !== 'element') return document.createTextNode('');
  const element = document.createElement(node.tagName);
  const className = node.properties?.className;
  if (Array.isArray(className)) element.className = className.join(' ');
  element.append(...node.children.map(toDom));
  return element;
}
