/** Sentence boundaries by the platform's Unicode segmenter (any language, including CJK). */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** A line's sentences; a short abbreviation ("Mr.", "Dr.") the segmenter took for a sentence joins the next. */
export function sentencesOf(line: string): string[] {
  const sentences: string[] = [];
  let pending = '';
  for (const { segment } of segmenter.segment(line)) {
    const sentence = `${pending}${segment}`.trim();
    pending = /^\p{Lu}\p{Ll}{0,2}\.$/u.test(segment.trim()) ? `${sentence} ` : '';
    if (!pending && sentence) sentences.push(sentence);
  }
  if (pending.trim()) sentences.push(pending.trim());
  return sentences;
}
