import { describe, expect, it } from 'vitest';
import { keepCitations, keepRealCitations } from './citations';

const collect = async (tokens: AsyncIterable<string>) => {
  let text = '';
  for await (const token of tokens) text += token;
  return text;
};
async function* tokensOf(...tokens: string[]) {
  yield* tokens;
}

describe('citations an answer may keep', () => {
  const three = new Set([1, 2, 3]);

  it('keeps citations of the sources given and drops the others with their space', () => {
    expect(keepCitations('Holidays are 25 days [1]. Also [9].', three)).toBe('Holidays are 25 days [1]. Also.');
    expect(keepCitations('Both [1, 9] and [2,3].', three)).toBe('Both [1] and [2][3].');
    expect(keepCitations('A [link](https://example.com) and [note] stay.', three)).toBe(
      'A [link](https://example.com) and [note] stay.',
    );
  });

  it('drops a citation split across tokens, and passes the rest through in order', async () => {
    const answer = keepRealCitations(
      tokensOf('Paid ', 'holiday is 25 days ', '[', '9', ']. See ', '[1', ']', '.'),
      [1, 2, 3],
    );
    expect(await collect(answer)).toBe('Paid holiday is 25 days. See [1].');
  });

  it('holds back only what may still become a citation', async () => {
    const pieces: string[] = [];
    for await (const piece of keepRealCitations(tokensOf('One ', 'two [', '1] three'), [1])) pieces.push(piece);
    expect(pieces).toEqual(['One', ' two', ' [1] three']);
  });
});
