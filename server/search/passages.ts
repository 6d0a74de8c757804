import { Parser } from 'htmlparser2';

/** A part of an item's body: the text under one heading. Long items are scored by their best passage. */
export interface Passage {
  heading: string;
  text: string;
  /**
   * What each line of `text` is, in order, when any is more than prose: a line of a code block
   * (with its indentation), a table's row (with the table's header row), a list item. Answers
   * quote them as Markdown blocks; the index reads only the text.
   */
  lines?: LineKind[];
}

export type LineKind =
  { kind: 'text' } | { kind: 'code'; raw: string } | { kind: 'row'; header?: string } | { kind: 'item' };

/** Passages longer than this many words are cut into windows of it, so one long section does not drown its answer. */
const MAX_WORDS = 300;
const HEADING = /^h[1-4]$/;
const BLOCK = /^(p|div|li|ul|ol|pre|blockquote|table|tr|dt|dd|dl|section|article|br|h[5-6])$/;
const CELL = /^(td|th)$/;
/** Elements whose inside is not text a reader sees. */
const UNREAD = /^(script|noscript|style)$/;
const TEXT = { kind: 'text' } as const;

/** A line as passages keep it: runs of spaces one space, its ends trimmed. */
const normaliseLine = (line: string) => line.replace(/[ \t]+/g, ' ').trim();
/** More than spaces: what trim() would leave something of. */
const HAS_WORDS = /\S/;

/** A table as it is read: whether its header row was seen, and that row's text once read. */
interface Table {
  headerSeen: boolean;
  header?: string;
}

/** Where a piece of text stands: in a code block, a table's header row or other row, a list item, or prose. */
type Context =
  | { kind: 'text' }
  | { kind: 'code' }
  | { kind: 'header'; table: Table }
  | { kind: 'row'; table: Table }
  | { kind: 'item' };

/** A section's text as it is read, line by line, each line knowing what it was. */
class SectionText {
  /**
   * `words`: whether the line has more than spaces yet. Kept, not asked of the line: trimming a
   * line as long as a section's text at each piece of it took most of the time of splitting a
   * manual's page.
   */
  readonly lines: Array<{ raw: string; context: Context; words: boolean }> = [{ raw: '', context: TEXT, words: false }];

  add(text: string, context: Context) {
    const [first, ...rest] = text.split('\n');
    const line = this.lines[this.lines.length - 1]!;
    // A line is what its first words were (a row's " | " or a list item's bullet space do not decide).
    if (!line.words) {
      // Spaces between the elements before a code block are not its indentation; its own are.
      if (context.kind === 'code' && line.context.kind !== 'code') line.raw = '';
      line.context = context;
    }
    line.raw += first!;
    line.words ||= HAS_WORDS.test(first!);
    for (const raw of rest) this.lines.push({ raw, context, words: HAS_WORDS.test(raw) });
  }

  /** The lines of text with their kinds; empty lines dropped, as the passage's text drops them. */
  read(): { text: string; lines?: LineKind[] } {
    const kept = this.lines.flatMap(({ raw, context }) => {
      const text = normaliseLine(raw);
      if (!text) return [];
      if (context.kind === 'header') context.table.header = text;
      const kind: LineKind =
        context.kind === 'code'
          ? { kind: 'code', raw: raw.trimEnd() }
          : context.kind === 'row'
            ? { kind: 'row', header: context.table.header }
            : context.kind === 'item'
              ? { kind: 'item' }
              : TEXT;
      return [{ text, kind }];
    });
    const text = kept.map((line) => line.text).join('\n');
    return kept.some((line) => line.kind !== TEXT) ? { text, lines: kept.map((line) => line.kind) } : { text };
  }
}

/** What the parser reads, in order: an element's start or end (tag names in lower case), or text (entities decoded). */
type HtmlEvent = { open: string } | { close: string } | { text: string };

/**
 * The HTML as a list of events, read by htmlparser2 in one pass without building a tree
 * (a DOM parser took three times as long on long manual pages, and answers read their
 * passages back on every question). Each table row that holds a header cell is marked,
 * as a row is read as a header before its cells are.
 */
function readHtml(html: string): { events: HtmlEvent[]; rowsWithHeaders: Set<number> } {
  const events: HtmlEvent[] = [];
  const rowsWithHeaders = new Set<number>();
  const openRows: number[] = [];
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'tr') openRows.push(events.length);
        if (name === 'th') openRows.forEach((row) => rowsWithHeaders.add(row));
        events.push({ open: name });
      },
      onclosetag(name) {
        if (name === 'tr') openRows.pop();
        events.push({ close: name });
      },
      ontext(text) {
        events.push({ text });
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { events, rowsWithHeaders };
}

/** An element being read: the context around it and the one inside it, and what its inside has seen. */
interface OpenElement {
  tag: string;
  outer: Context;
  inner: Context;
  inCell: boolean;
  /** Whether an element has started inside it yet: a cell after another is a new column. */
  hasElement: boolean;
}

/**
 * Splits article HTML at its headings (h1 to h4) into passages of plain text; a table's row
 * is one line, its cells joined by " | ", and each line knows what it was (`Passage.lines`).
 */
export function splitPassages(html: string): Passage[] {
  const sections: Array<{ heading: string; body: SectionText }> = [{ heading: '', body: new SectionText() }];
  const current = () => sections[sections.length - 1]!.body;
  const { events, rowsWithHeaders } = readHtml(html);
  const root: OpenElement = { tag: '', outer: TEXT, inner: TEXT, inCell: false, hasElement: false };
  const open: OpenElement[] = [root];
  /** The heading being read: its text is all its inside's. */
  let heading: { text: string; depth: number } | undefined;
  /** How many elements whose inside is not read (UNREAD) are open. */
  let unread = 0;
  events.forEach((event, index) => {
    const parent = open[open.length - 1]!;
    if ('text' in event) {
      if (unread) return;
      if (heading) heading.text += event.text;
      // Outside a code block a line break in the HTML is a space (pages wrap their source lines); inside, a line.
      else current().add(parent.inner.kind === 'code' ? event.text : event.text.replace(/\s+/g, ' '), parent.inner);
      return;
    }
    if ('open' in event) {
      const tag = event.open;
      const read = !unread && !heading;
      const startsColumn = CELL.test(tag) && parent.hasElement;
      parent.hasElement = true;
      open.push({
        tag,
        outer: parent.inner,
        inner: read ? innerContext(tag, parent.inner, rowsWithHeaders.has(index)) : parent.inner,
        // A table's cell is one line's part: its paragraphs (the editor writes `<td><p>…</p></td>`) end in a space.
        inCell: parent.inCell || CELL.test(parent.tag),
        hasElement: false,
      });
      if (UNREAD.test(tag)) unread++;
      else if (!read) return;
      else if (HEADING.test(tag)) heading = { text: '', depth: open.length };
      else if (startsColumn) current().add(' | ', parent.inner);
      return;
    }
    const element = open.pop()!;
    if (UNREAD.test(element.tag)) unread--;
    else if (unread) return;
    else if (heading) {
      if (open.length + 1 === heading.depth) {
        sections.push({ heading: heading.text.replace(/\s+/g, ' ').trim(), body: new SectionText() });
        heading = undefined;
      }
    } else if (BLOCK.test(element.tag)) {
      current().add(element.inCell && element.outer.kind !== 'code' ? ' ' : '\n', element.outer);
    }
  });
  return sections
    .map(({ heading, body }) => ({ heading, ...body.read() }))
    .filter((section) => section.heading || section.text)
    .flatMap(windows);
}

/** The context of an element's inside: a code block stays code; a table's first row of headers is its header. */
function innerContext(tag: string, outer: Context, rowHasHeaders: boolean): Context {
  if (outer.kind === 'code') return outer;
  switch (tag) {
    case 'pre':
      return { kind: 'code' };
    case 'table':
      return { kind: 'row', table: { headerSeen: false } };
    case 'tr': {
      const table = outer.kind === 'row' ? outer.table : { headerSeen: false };
      // A table's first row of headers names its columns: the row quoted above any of its others.
      if (!table.headerSeen && rowHasHeaders) {
        table.headerSeen = true;
        return { kind: 'header', table };
      }
      return { kind: 'row', table };
    }
    case 'li':
      return { kind: 'item' };
    default:
      return outer;
  }
}

/** Plain text (a PDF's) as passages without a heading, cut into windows like any body text. */
export function textPassages(text: string): Passage[] {
  const body = new SectionText();
  body.add(text, TEXT);
  const { text: clean } = body.read();
  return clean ? windows({ heading: '', text: clean }) : [];
}

/** A passage cut into windows of at most MAX_WORDS words, each keeping its heading and its lines' kinds. */
function windows(passage: Passage): Passage[] {
  const tokens = passage.text.split(/(?<=\s)/);
  if (tokens.length <= MAX_WORDS) return [passage];
  const parts: Passage[] = [];
  let line = 0;
  for (let start = 0; start < tokens.length; start += MAX_WORDS) {
    const window = tokens.slice(start, start + MAX_WORDS);
    const text = window.join('').trim();
    const count = text.split('\n').length;
    const lines = passage.lines?.slice(line, line + count);
    // A line cut by the window's start or end is only part of itself: prose.
    if (lines && start > 0 && !tokens[start - 1]!.endsWith('\n')) lines[0] = TEXT;
    if (lines && !window.at(-1)!.endsWith('\n') && start + MAX_WORDS < tokens.length) lines[lines.length - 1] = TEXT;
    parts.push({ heading: passage.heading, text, ...(lines ? { lines } : {}) });
    line += window.filter((token) => token.endsWith('\n')).length;
  }
  return parts;
}
