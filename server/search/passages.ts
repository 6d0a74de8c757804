import { parse, type HTMLElement, type Node } from 'node-html-parser';

/** A part of an item's body: the text under one heading. Long items are scored by their best passage. */
export interface Passage {
  heading: string;
  text: string;
}

/** Passages longer than this many words are cut into windows of it, so one long section does not drown its answer. */
const MAX_WORDS = 300;
const HEADING = /^h[1-4]$/i;
const BLOCK = /^(p|div|li|ul|ol|pre|blockquote|table|tr|dt|dd|dl|section|article|br|h[5-6])$/i;
const CELL = /^(td|th)$/i;
/**
 * node-html-parser keeps a <pre>'s inside as raw text by default, so a code block's
 * `<code class="language-bash">` came out as words of the passage (and of answers).
 */
const PARSE_OPTIONS = { blockTextElements: { script: false, noscript: false, style: false } };

/** Splits article HTML at its headings (h1 to h4) into passages of plain text; a table's row is one line, its cells joined by " | ". */
export function splitPassages(html: string): Passage[] {
  const sections: Passage[] = [{ heading: '', text: '' }];
  // Outside a code block a line break in the HTML is a space (pages wrap their source lines); inside, a line.
  const walk = (node: Node, inCode: boolean) => {
    if (node.nodeType === 3) {
      sections[sections.length - 1]!.text += inCode ? node.text : node.text.replace(/\s+/g, ' ');
      return;
    }
    const element = node as HTMLElement;
    if (element.tagName && HEADING.test(element.tagName)) {
      sections.push({ heading: element.text.replace(/\s+/g, ' ').trim(), text: '' });
      return;
    }
    if (element.tagName && CELL.test(element.tagName) && element.previousElementSibling)
      sections[sections.length - 1]!.text += ' | ';
    const code = inCode || element.tagName === 'PRE';
    element.childNodes.forEach((child) => walk(child, code));
    if (element.tagName && BLOCK.test(element.tagName)) sections[sections.length - 1]!.text += '\n';
  };
  walk(parse(html, PARSE_OPTIONS), false);
  return sections
    .map((section) => ({
      heading: section.heading,
      text: section.text
        .replace(/[ \t]+/g, ' ')
        .replace(/\s*\n\s*/g, '\n')
        .trim(),
    }))
    .filter((section) => section.heading || section.text)
    .flatMap(windows);
}

/** Plain text (a PDF's) as passages without a heading, cut into windows like any body text. */
export function textPassages(text: string): Passage[] {
  const clean = text
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return clean ? windows({ heading: '', text: clean }) : [];
}

/** A passage cut into windows of at most MAX_WORDS words, each keeping its heading. */
function windows(passage: Passage): Passage[] {
  const tokens = passage.text.split(/(?<=\s)/);
  if (tokens.length <= MAX_WORDS) return [passage];
  const parts: Passage[] = [];
  for (let start = 0; start < tokens.length; start += MAX_WORDS) {
    parts.push({
      heading: passage.heading,
      text: tokens
        .slice(start, start + MAX_WORDS)
        .join('')
        .trim(),
    });
  }
  return parts;
}
