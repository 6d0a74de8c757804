/** A citation such as [2] or [1, 3], with the space before it. */
const CITATION = /(\s*)\[(\d+(?:\s*,\s*\d+)*)\]/g;
/** The end of a text that may be the start of a citation (or the space before one) still being written. */
const UNFINISHED = /\s*(?:\[[\d,\s]*)?$/;

/** The text with every citation number outside `allowed` taken out; a citation left with none goes, with its space. */
export function keepCitations(text: string, allowed: ReadonlySet<number>): string {
  return text.replace(CITATION, (_whole, space: string, list: string) => {
    const kept = list
      .split(',')
      .map((number) => Number(number.trim()))
      .filter((number) => allowed.has(number));
    return kept.length ? `${space}${kept.map((number) => `[${number}]`).join('')}` : '';
  });
}

/**
 * A model's streamed answer with only the citations that point at a passage it
 * was given (a model told so by a hostile passage may cite [9] of 3). A citation
 * split across tokens is held back until it is whole, so none slips through.
 */
export async function* keepRealCitations(
  tokens: AsyncIterable<string>,
  sourceNumbers: Iterable<number>,
): AsyncGenerator<string> {
  const allowed = new Set(sourceNumbers);
  let pending = '';
  for await (const token of tokens) {
    pending += token;
    const held = UNFINISHED.exec(pending)!.index;
    const ready = keepCitations(pending.slice(0, held), allowed);
    pending = pending.slice(held);
    if (ready) yield ready;
  }
  const rest = keepCitations(pending, allowed);
  if (rest) yield rest;
}
