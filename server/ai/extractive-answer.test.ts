import { describe, expect, it } from 'vitest';
import { MAY_NOT_ANSWER, NO_ANSWER, answerExtractively } from './extractive-answer';
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

  it('leads with the sentence that answers, before the item’s other sentences', async () => {
    const runbook: Source = {
      n: 1,
      title: 'Releases',
      heading: 'Rollback',
      text: 'Releases go out on Tuesdays after the release review. To roll back a release, run ./rollback.sh with the previous release tag.',
    };
    const answer = await write('How do I roll back a release?', [runbook]);
    expect(answer.split('\n\n')[1]).toMatch(/^To roll back a release, run/);
  });

  it('adds another item only when it answers too, not for a word it shares', async () => {
    const expenses: Source = {
      n: 2,
      title: 'Expenses',
      heading: '',
      text: 'Submit receipts within 30 days of the purchase.',
    };
    const answer = await write('How many days of paid holiday do I get?', [handbook, expenses]);
    expect(answer).toContain('Everyone gets 25 paid holiday days a year. [1]');
    expect(answer).not.toContain('30 days');
  });

  it('says so when even the best sentence holds less than half of what is asked', async () => {
    const answer = await write('How do I rotate the database password on the staging cluster?', [
      { n: 1, title: 'Accounts', heading: '', text: 'Choose a password of at least twelve characters.' },
    ]);
    expect(answer.startsWith(`${MAY_NOT_ANSWER}\n\n**Accounts**`)).toBe(true);
    expect(await write('How many paid holiday days do I get?', [handbook])).not.toContain(MAY_NOT_ANSWER);
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
