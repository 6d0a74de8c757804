import { describe, expect, it } from 'vitest';
import { NO_ANSWER, answerExtractively } from './extractive-answer';
import type { Source } from './writer';

const write = async (question: string, sources: Source[]) => {
  let text = '';
  for await (const piece of answerExtractively(question, sources)) text += piece;
  return text;
};

const handbook: Source = {
  n: 1,
  title: 'Handbook',
  heading: 'Holidays',
  text: 'Everyone gets 25 paid holiday days a year. The office closes between Christmas and New Year. Ask your lead two weeks before a holiday.\nBikes go in the basement.',
};
const checklist: Source = {
  n: 2,
  title: 'Onboarding',
  heading: '',
  text: 'Before your first holiday\nBook it in the calendar\nTell the team channel',
};

describe('the extractive answer', () => {
  it('quotes the sentences that answer the question, cited, and leaves the rest out', async () => {
    const answer = await write('How many paid holiday days do I get?', [handbook]);
    expect(answer).toContain('Everyone gets 25 paid holiday days a year.');
    expect(answer).toContain('**Handbook › Holidays**');
    expect(answer).toMatch(/\[1\]$/);
    expect(answer).not.toContain('Bikes');
  });

  it('keeps list items as a list, each source under its own title and number', async () => {
    const answer = await write('holiday calendar team', [handbook, checklist]);
    expect(answer.indexOf('**Handbook › Holidays**')).toBeLessThan(answer.indexOf('**Onboarding**'));
    expect(answer).toContain('- Book it in the calendar');
    expect(answer).toContain('- Tell the team channel [2]');
  });

  it('says plainly when no source answers', async () => {
    expect(await write('parking fees', [handbook])).toBe(NO_ANSWER);
    expect(await write('anything', [])).toBe(NO_ANSWER);
  });

  it('escapes Markdown in quoted text so it renders as written', async () => {
    const answer = await write('wildcards', [
      { n: 1, title: 'Shell', heading: '', text: 'Wildcards like *.txt match [a-z] names.' },
    ]);
    expect(answer).toContain('Wildcards like \\*.txt match \\[a-z\\] names.');
  });
});
