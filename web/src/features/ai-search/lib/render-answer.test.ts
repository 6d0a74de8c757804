import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import type { KnowledgeMap } from '@common/ai-search';
import { answerHtml, CITATION_CLASS } from './render-answer';

// Sanitising needs a browser's DOM: e2e/ai-search.spec.ts checks it in Chromium.

const accountId = '7f1d2c3e-1111-4222-8333-944455556666';
const knowledgeMap: KnowledgeMap = {
  '1': { knowledgeId: 'a1b2c3d4-1111-4222-8333-944455556666', shortId: 'Ab3_x-9Z', title: 'Paid "holiday" <policy>' },
  '2': { knowledgeId: 'b1b2c3d4-1111-4222-8333-944455556666', shortId: 'Zz9-aa_1', title: 'Reporting phishing' },
};

const render = (markdown: string) => parse(answerHtml(markdown, knowledgeMap, accountId));

describe('answerHtml', () => {
  it('renders Markdown', () => {
    const root = render('## Holiday\n\n- **25** days\n- carry over `5`');
    expect(root.querySelector('h2')?.text).toBe('Holiday');
    expect(root.querySelectorAll('li').map((li) => li.text)).toEqual(['25 days', 'carry over 5']);
    expect(root.querySelector('strong')?.text).toBe('25');
  });

  it('turns each [n] in the knowledge map into a link to that item by short id', () => {
    const root = render('You get 25 days [1]. Forward odd mail to security [2][1].');
    const links = root.querySelectorAll(`a.${CITATION_CLASS}`);
    expect(links.map((a) => [a.text, a.getAttribute('href')])).toEqual([
      ['1', `/account/${accountId}/knowledge/Ab3_x-9Z`],
      ['2', `/account/${accountId}/knowledge/Zz9-aa_1`],
      ['1', `/account/${accountId}/knowledge/Ab3_x-9Z`],
    ]);
    expect(links[0]?.getAttribute('title')).toBe('Paid "holiday" <policy>');
    expect(root.toString()).toContain('title="Paid &quot;holiday&quot; &lt;policy&gt;"');
    expect(links[1]?.getAttribute('aria-label')).toBe('Source 2: Reporting phishing');
  });

  it('leaves numbers it has no item for, Markdown links and code alone', () => {
    const root = render('See [3] and [1](https://example.com/x) and `[1]`.');
    expect(root.querySelectorAll(`a.${CITATION_CLASS}`)).toHaveLength(0);
    expect(root.text).toContain('See [3] and 1 and [1].');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://example.com/x');
  });

  it('renders an answer still arriving, with a citation not yet complete as text', () => {
    expect(render('You get 25 days [').text.trim()).toBe('You get 25 days [');
    expect(answerHtml('   ', knowledgeMap, accountId)).toBe('');
  });
});
