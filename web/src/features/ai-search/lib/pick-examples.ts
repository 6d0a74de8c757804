/**
 * Up to `count` of the questions, each once, in a random order (spec section 9:
 * 6 shown, shuffled from up to 12), so the page suggests something new each visit.
 */
export function pickExamples(questions: readonly string[], count: number, random = Math.random): string[] {
  const unique = [...new Set(questions.map((question) => question.trim()).filter(Boolean))];
  // Fisher–Yates: every order equally likely.
  for (let i = unique.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j]!, unique[i]!];
  }
  return unique.slice(0, count);
}
