const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first character a person sees in `word`: a whole grapheme (an emoji, a letter with its accents), never half of one. */
const firstGrapheme = (word: string) => graphemes.segment(word)[Symbol.iterator]().next().value?.segment ?? '';

/** Up to two initials of a name (or an e-mail address): the first grapheme of its first two words, in capitals. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => firstGrapheme(word).toLocaleUpperCase())
    .join('');
}
