import { describe, expect, it } from 'vitest';
import { MAY_NOT_ANSWER, NO_ANSWER, answerExtractively } from './extractive-answer';
import { splitPassages } from '../search/passages';
import type { Source } from './writer';

/** A source read from an article's HTML, as the AI search reads its passages back. */
const fromHtml = (n: number, title: string, html: string): Source => {
  const [passage] = splitPassages(html);
  return { n, title, heading: passage!.heading, text: passage!.text, lines: passage!.lines };
};

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

  it('quotes code as a fenced block with its indentation, brought by the sentence that introduces it', async () => {
    const source = fromHtml(
      1,
      'Deploys',
      `<h2>Rolling back</h2><p>To roll back a release, run:</p>
       <pre><code class="language-bash">./deploy.sh --rollback \\
    --to previous
echo done</code></pre><p>Bikes go in the basement.</p>`,
    );
    const answer = await write('How do I roll back a release?', [source]);
    expect(answer).toBe(
      '**Deploys › Rolling back**\n\nTo roll back a release, run:\n\n```\n./deploy.sh --rollback \\\n    --to previous\necho done\n```\n\n[1]',
    );
    expect(answer).not.toContain('<code');
  });

  it('quotes a table row under its header row as a Markdown table', async () => {
    const source = fromHtml(
      1,
      'Rollbacks',
      `<table><tr><th>Env</th><th>Owner</th><th>Rollback</th></tr>
       <tr><td>prod</td><td>Ana</td><td>5 min</td></tr><tr><td>staging</td><td>Ben</td><td>1 min</td></tr></table>`,
    );
    const answer = await write('Who owns the prod rollback?', [source]);
    expect(answer).toContain('| Env | Owner | Rollback |\n| --- | --- | --- |\n| prod | Ana | 5 min |');
    expect(answer).not.toContain('staging');
    expect(answer).toMatch(/\n\n\[1\]$/);
  });

  it('quotes list items of an article as a list', async () => {
    const source = fromHtml(
      1,
      'Onboarding',
      '<p>On your first day:</p><ul><li>Collect your laptop from IT.</li><li>Meet your onboarding buddy.</li></ul>',
    );
    const answer = await write('Where do I collect my laptop?', [source]);
    expect(answer).toContain('- Collect your laptop from IT. [1]');
  });
});
