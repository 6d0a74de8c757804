let graphemes: Intl.Segmenter | undefined;

/** The first character a person sees in `word`: a whole grapheme (an emoji, a letter with its accents), never half of one. */
function firstGrapheme(word: string): string {
  // A plain ASCII character followed by another, or by nothing, is a whole grapheme: only other words pay for the segmenter.
  if (/^[\x20-\x7e](?:[\x20-\x7e]|$)/.test(word)) return word[0]!;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';
}

/** Up to two initials of a name (or an e-mail address): the first grapheme of its first two words, in capitals. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => firstGrapheme(word).toLocaleUpperCase())
    .join('');
}
