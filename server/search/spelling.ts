import type { QueryWord } from './keyword-query';

/** A word of the workspace that a misspelt word may have meant, with how many items use it. */
export interface SpellingCandidate {
  word: string;
  items: number;
}

/** Edits allowed for a correction: one in a short word, two in a longer one, as spell checkers do. */
export const maxEdits = (word: string) => ([...word].length <= 4 ? 1 : 2);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and
 * swaps of two neighbours each count one ("pasword", "passwrod" are one from "password").
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}

/** The candidate within reach of `word` with the fewest edits, then the most used, then first alphabetically. */
export function closest(word: string, candidates: SpellingCandidate[]): string | null {
  let best: { word: string; edits: number; items: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.word === word) continue;
    const edits = editDistance(word, candidate.word);
    if (edits > maxEdits(word)) continue;
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits && candidate.items > best.items) ||
      (edits === best.edits && candidate.items === best.items && candidate.word < best.word);
    if (better) best = { word: candidate.word, edits, items: candidate.items };
  }
  return best?.word ?? null;
}

/** A correction written as the misspelling was: "Pasword" becomes "Password", "VPNN" becomes "VPN". */
function inCaseOf(typed: string, word: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase() && typed !== typed.toLowerCase()) return word.toUpperCase();
  const first = typed[0] ?? '';
  if (first !== first.toLowerCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/**
 * The search as typed with each misspelt word replaced by its closest
 * workspace word, or null when none has one.
 */
export async function suggestSpelling(
  search: string,
  misspelt: QueryWord[],
  candidatesFor: (word: string) => Promise<SpellingCandidate[]>,
): Promise<string | null> {
  let suggestion = search;
  let changed = false;
  // From the end, so the spans of earlier words stay where they were.
  const fromTheEnd = misspelt.filter((word) => word.span).sort((a, b) => b.span!.start - a.span!.start);
  for (const word of fromTheEnd) {
    const correction = closest(word.word, await candidatesFor(word.word));
    if (!correction) continue;
    const { start, end } = word.span!;
    suggestion =
      suggestion.slice(0, start) + inCaseOf(suggestion.slice(start, end), correction) + suggestion.slice(end);
    changed = true;
  }
  return changed ? suggestion.trim() : null;
}
