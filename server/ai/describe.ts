import { splitPassages, textPassages, type Passage } from '../search/passages';
import type { ChatModel } from './model-client';
import { sentencesOf } from './sentences';

/** What an item's description is written from. */
export interface DescribableItem {
  title: string;
  /** The body as plain text, a paragraph or list item a line. */
  text: string;
  /** The body's headings in order; a question among the first says what the item answers. */
  headings?: string[];
}

/** An item's summary and the question it best answers; empty strings when there is nothing to say. */
export interface ItemDescription {
  summary: string;
  question: string;
}

/**
 * An item's title, body text and headings, from its HTML and then its PDFs' text (an item may
 * be only a PDF). `body` is its HTML's passages, when they were split already (by its indexing).
 */
export function describableItem(
  item: { title: string; content: string; pdfTexts?: string[] },
  body: Passage[] = splitPassages(item.content),
): DescribableItem {
  const text = runOfText(body);
  const pdfs = runOfText((item.pdfTexts ?? []).flatMap(textPassages));
  const headings = [...new Set(body.map((passage) => passage.heading).filter(Boolean))];
  return { title: item.title, text: [text, pdfs].filter(Boolean).join('\n'), headings };
}

/** Passages as one text again: a long section's windows under one heading are one run, each passage a line. */
function runOfText(passages: Passage[]): string {
  return passages
    .map((passage, i) => (i > 0 && passages[i - 1]!.heading === passage.heading ? ' ' : '\n') + passage.text)
    .join('')
    .trim();
}

/** About how long a summary is, in characters: a card's worth. */
export const SUMMARY_LENGTH = 300;
/** The most of an item's text a model is shown; the start of an article says what it is about. */
const PROMPT_TEXT_LENGTH = 6000;

/** A summary from the item's leading sentences and a question from its title, with no model. */
export function describeExtractively(item: DescribableItem): ItemDescription {
  // A short item's summary is all of its text: what a card with a short preview appends (R16).
  return { summary: leadingSentences(item.text, SUMMARY_LENGTH), question: questionFor(item) };
}

/**
 * The model's summary and question. A model that fails or answers in a form Lore
 * cannot read gets the extractive description instead, so a job never retries
 * forever on a bad model; only the caller's abort (a stopping worker) passes through.
 */
export async function describeWithModel(
  model: ChatModel,
  item: DescribableItem,
  signal?: AbortSignal,
): Promise<ItemDescription> {
  if (!item.text.trim()) return { summary: '', question: '' };
  try {
    const reply = await model.complete(describePrompt(item), { signal });
    const description = readDescription(reply);
    if (description) return description;
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  return describeExtractively(item);
}

function describePrompt(item: DescribableItem) {
  const headings = item.headings?.length ? `Headings: ${item.headings.join(' | ')}\n` : '';
  return [
    {
      role: 'system' as const,
      content:
        'You describe articles of a team knowledge base. Reply with JSON only: {"summary": "...", "question": "..."}. ' +
        `summary: one or two plain sentences, under ${SUMMARY_LENGTH} characters, saying what the article tells its reader. ` +
        'question: the one question a colleague would ask that this article answers best, in their own words. ' +
        "Write both in the article's language.",
    },
    { role: 'user' as const, content: `Title: ${item.title}\n${headings}\n${item.text.slice(0, PROMPT_TEXT_LENGTH)}` },
  ];
}

/** The summary and question of a reply in JSON (fenced or not) or as two labelled lines; undefined when neither. */
export function readDescription(reply: string): ItemDescription | undefined {
  let fields: { summary?: unknown; question?: unknown } = {};
  const json = /\{[\s\S]*\}/.exec(reply)?.[0];
  try {
    if (json) fields = JSON.parse(json) as typeof fields;
  } catch {
    // not JSON; try labelled lines
  }
  if (typeof fields.summary !== 'string' || typeof fields.question !== 'string') {
    const line = (label: string) => new RegExp(`^[\\s*#-]*${label}\\**\\s*[:：]\\**\\s*(.+)$`, 'im').exec(reply)?.[1];
    fields = { summary: line('summary'), question: line('question') };
  }
  if (typeof fields.summary !== 'string' || typeof fields.question !== 'string') return undefined;
  const summary = leadingSentences(unquote(fields.summary), SUMMARY_LENGTH + 100);
  const question = unquote(fields.question).split('\n')[0]!.slice(0, 200);
  if (!summary || !question) return undefined;
  return { summary, question: /[?？]$/.test(question) ? question : `${question.replace(/[.。!]+$/, '')}?` };
}

const unquote = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”]+|["'“”]+$/g, '')
    .trim();

const ENDS_SENTENCE = /[.!?…。！？:]["'”’)]*$/;
const CJK_STOP = /[。！？]$/;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/**
 * The text's leading sentences, as many as fit in `limit` characters, cut at a
 * sentence boundary. Lines without closing punctuation (list items) become
 * sentences of their own; a first sentence longer than the limit is cut at a word.
 * Lines are split into sentences only until the limit is reached: a long page's
 * text is tens of kilobytes, its summary three hundred characters.
 */
export function leadingSentences(text: string, limit: number): string {
  let summary = '';
  let first: string | undefined;
  for (const line of text.split('\n')) {
    for (const found of sentencesOf(line.trim())) {
      const sentence = ENDS_SENTENCE.test(found) ? found : `${found}${CJK_CHAR.test(found) ? '。' : '.'}`;
      first ??= sentence;
      const next = summary ? `${summary}${CJK_STOP.test(summary) ? '' : ' '}${sentence}` : sentence;
      if (next.length > limit) return finished(summary, first, limit);
      summary = next;
    }
  }
  return finished(summary, first, limit);
}

/** A summary as it is kept: a first sentence too long cut at a word, and no lead-in left dangling. */
function finished(summary: string, first: string | undefined, limit: number): string {
  if (!summary && first) return cutAtWord(first, limit);
  // A lead-in ("Steps:") whose list did not fit says nothing on its own.
  return summary.endsWith(':') ? `${summary.slice(0, -1)}.` : summary;
}

function cutAtWord(text: string, limit: number): string {
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** How an English question opens: a question word, or an auxiliary verb before its subject. */
const QUESTION_OPENING =
  /^((how|what|why|when|where|who|whom|whose|which) |(can|could|should|would|will|shall|may|must|do|does|did|is|are|was|were|has|have) (i|we|you|they|he|she|it|the|a|an|my|our|your|this|that|there)\b)/i;

/** A title of a series ("Meeting notes 18", "Sprint 42", "Standup 2026-03-02"): nobody asks "What is meeting notes 18?". */
const SERIES_TITLE = /(\d+([./-]\d+)*|\d{4}-\d{2}-\d{2})\s*\)?$/;

/**
 * The question an item best answers, from its title and first heading: a
 * question stays a question; "How to X" and "How we X" become "How do I/we X?";
 * an instruction ("Reset your password") becomes "How do I reset my password?";
 * a gerund or a single word "What should I know about X?", any other phrase
 * "What is X?". An item with no text, or one of a numbered series, answers none.
 */
export function questionFor(item: DescribableItem): string {
  const title = tidy(item.title);
  const heading = tidy(item.headings?.[0] ?? '');
  if (!item.text.trim() || !title || SERIES_TITLE.test(title)) return '';
  if (/[?？]$/.test(title)) return title;

  const howTo = /^how to\s+(.+)$/i.exec(title);
  if (howTo) return `How do I ${mine(howTo[1]!)}?`;
  const wePhrase = /^(how|why|where|when|what) (we|i|you|they) (.+)$/i.exec(title);
  if (wePhrase) return `${capitalise(wePhrase[1]!.toLowerCase())} do ${wePhrase[2]!} ${wePhrase[3]!}?`;
  if (QUESTION_OPENING.test(title)) return `${title}?`;
  if (/[?？]$/.test(heading) || QUESTION_OPENING.test(heading)) return heading.replace(/[?？]?$/, '?');
  // Without a grammar for the title's language, the title itself is the question.
  if (!/\p{Script=Latin}/u.test(title)) return `${title}?`;

  const instruction = asInstruction(title);
  if (instruction) return `How do I ${mine(instruction)}?`;
  const [first = '', ...rest] = title.split(' ');
  // "Maintaining HTTP", "Onboarding", "Issues": a topic, not a thing with a definition.
  const gerund = /^\p{Lu}\p{Ll}{2,}ing$/u.test(first);
  if (gerund) return `What should I know about ${[first.toLowerCase(), ...rest].join(' ')}?`;
  if (rest.length === 0 && /^\p{Lu}\p{Ll}+$/u.test(first)) return `What should I know about ${first}?`;
  return `What is ${sentenceCase(title)}?`;
}

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.!:;,]+$/, '');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** The asker's own words: "your" becomes "my". */
const mine = (phrase: string) =>
  phrase
    .replace(/\byours\b/gi, 'mine')
    .replace(/\byourself\b/gi, 'myself')
    .replace(/\byour\b/gi, 'my');
/** Lowercases the capitalised first word of a sentence-case title ("Expense policy"), not a name ("GitHub", "VPN"). */
const sentenceCase = (title: string) => {
  const [first = '', second] = title.split(' ');
  return second !== undefined && /^\p{Lu}\p{Ll}+$/u.test(first) && !/^\p{Lu}/u.test(second)
    ? title.charAt(0).toLowerCase() + title.slice(1)
    : title;
};

/** Common English task verbs that are rarely nouns or adjectives, so a title they open is an instruction. */
const VERBS = new Set(
  (
    'add apply authenticate become cancel choose clone configure connect create deactivate delete deploy disable ' +
    'edit enable enroll ensure find get give handle install invite join keep make manage merge migrate offboard ' +
    'onboard prepare prevent protect publish recover register reinstall remove rename renew reset resolve restart ' +
    'restore revoke rotate see send submit take tell troubleshoot turn uninstall unlock upgrade verify write'
  ).split(' '),
);
/** Verbs as often nouns or adjectives ("Leave policy", "Open roles"): an instruction only before an object or particle. */
const NOUN_VERBS = new Set(
  (
    'access approve archive back book build change check claim clean close copy debug download export file fix ' +
    'leave log move open order pay plan print process release report request review run schedule secure set ' +
    'share sign start stop switch sync test track update upload use'
  ).split(' '),
);
/** Words that follow a verb rather than a noun: articles, possessives, particles. */
const AFTER_VERB =
  /^(a|an|the|your|my|our|their|his|her|its|this|that|these|those|up|in|out|off|on|to|for|with|new|all|any|some|into|from|over|back|down|away|more)$/i;

/**
 * The title as an instruction in its base form, or undefined when it is not
 * one. A gerund reads as the verb ("Setting up X": "set up X").
 */
function asInstruction(title: string): string | undefined {
  const [first = '', second, ...rest] = title.split(' ');
  if (second === undefined) return undefined;
  const word = first.toLowerCase();
  const base = word.endsWith('ing') ? baseOfGerund(word.slice(0, -3)) : word;
  if (!base) return undefined;
  const isVerb = VERBS.has(base) || (NOUN_VERBS.has(base) && (AFTER_VERB.test(second) || word !== base));
  return isVerb ? [base, second, ...rest].join(' ') : undefined;
}

/** The verb a gerund's stem comes from: "gett" get, "mak" make, "us" use. */
function baseOfGerund(stem: string): string | undefined {
  const known = (verb: string) => VERBS.has(verb) || NOUN_VERBS.has(verb);
  const undoubled = /(.)\1$/.test(stem) ? stem.slice(0, -1) : undefined;
  return [stem, `${stem}e`, undoubled].find((verb): verb is string => verb !== undefined && known(verb));
}
