import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { parseKeywordQuery, termGroupsOf } from './keyword-query';
import { closest, editDistance, suggestSpelling } from './spelling';

describe('editDistance', () => {
  it.each([
    ['password', 'password', 0],
    ['pasword', 'password', 1],
    ['passwrod', 'password', 1],
    ['teh', 'the', 1],
    ['deploymnet', 'deployment', 1],
    ['definatly', 'definitely', 2],
    ['émigré', 'emigre', 2],
    ['', 'abc', 3],
  ])('%s to %s is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('closest', () => {
  it('prefers fewer edits, then more items, and allows one edit in short words', () => {
    const words = [
      { word: 'table', items: 1 },
      { word: 'label', items: 3 },
      { word: 'lab', items: 9 },
    ];
    expect(closest('lable', words)).toBe('label');
    expect(closest('labl', [{ word: 'label', items: 1 }])).toBe('label');
    expect(closest('lbl', [{ word: 'label', items: 1 }])).toBeNull();
    expect(closest('label', [{ word: 'label', items: 1 }])).toBeNull();
  });
});

describe('suggestSpelling', () => {
  it('rewrites only the misspelt words, in the case they were typed', async () => {
    const search = 'How do I reset my Pasword on the VPNN?';
    const misspelt = parseKeywordQuery(search).filter((word) => ['pasword', 'vpnn'].includes(word.word));
    const vocabulary = [
      { word: 'password', items: 2 },
      { word: 'vpn', items: 1 },
    ];
    expect(await suggestSpelling(search, misspelt, async () => vocabulary)).toBe(
      'How do I reset my Password on the VPN?',
    );
    expect(await suggestSpelling(search, misspelt, async () => [])).toBeNull();
  });
});

describe('parseKeywordQuery', () => {
  it('reads -word, "a or b", stop words and the last word', () => {
    const words = parseKeywordQuery('how to deploy -staging or prod e-mail pg_du');
    expect(
      words.map(({ word, negated, alternative, last, stop }) => ({ word, negated, alternative, last, stop })),
    ).toEqual([
      { word: 'how', negated: false, alternative: false, last: false, stop: true },
      { word: 'to', negated: false, alternative: false, last: false, stop: true },
      { word: 'deploy', negated: false, alternative: false, last: false, stop: false },
      { word: 'staging', negated: true, alternative: false, last: false, stop: false },
      // After a left-out word, "or" is only a word.
      { word: 'or', negated: false, alternative: false, last: false, stop: true },
      { word: 'prod', negated: false, alternative: false, last: false, stop: false },
      { word: 'e', negated: false, alternative: false, last: false, stop: false },
      { word: 'mail', negated: false, alternative: false, last: false, stop: false },
      { word: 'pg_du', negated: false, alternative: false, last: true, stop: false },
    ]);
    expect(parseKeywordQuery('docker or podman').map((word) => [word.word, word.alternative])).toEqual([
      ['docker', false],
      ['podman', true],
    ]);
  });

  it('keeps where each word was typed, folded', () => {
    const [word] = parseKeywordQuery('  Émigré ');
    expect(word).toMatchObject({ word: 'emigre', span: { start: 2, end: 8 } });
  });
});

describe('termGroupsOf', () => {
  it('asks for an identifier whole, each CJK pair, and a word by its stem, each also as written another way', () => {
    expect(termGroupsOf('pg_dump')).toEqual([['pg_dump', '^pg_dump']]);
    expect(termGroupsOf('部署指南')).toEqual([
      ['部署', '^部署'],
      ['署指', '^署指'],
      ['指南', '^指南'],
    ]);
    // One group: the stem, which other forms of the word share.
    const [stem] = analyze('deployed');
    expect(termGroupsOf('deploying')).toEqual([[stem, `^${stem}`]]);
  });
});
