import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { parseKeywordQuery, termGroupsOf } from './keyword-query';
import { closest, deletionVariants, editDistance, maxEdits, STORED_DELETIONS, suggestSpelling } from './spelling';

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

describe('deletionVariants', () => {
  it("holds the word's first seven characters with up to the given number left out", () => {
    expect(deletionVariants('teh', 1).sort()).toEqual(['eh', 'teh', 'th', 'te'].sort());
    expect(deletionVariants('teh', 2)).toEqual(expect.arrayContaining(['t', 'e', 'h']));
    expect(deletionVariants('onboarding', 0)).toEqual(['onboard']);
    expect(deletionVariants('onboarding', 2)).toHaveLength(1 + 7 + 21);
    expect(deletionVariants('ab', 2)).not.toContain('');
  });

  it('shares a variant between any two words within the edits allowed', () => {
    // Random words and random edits (insert, delete, substitute, swap), seeded so a failure repeats.
    let seed = 20261124;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const letter = () => 'abcdeéfgh'[Math.floor(random() * 9)]!;
    const edit = (word: string[]) => {
      const at = Math.floor(random() * (word.length + 1));
      const kind = Math.floor(random() * 4);
      if (kind === 0) return [...word.slice(0, at), letter(), ...word.slice(at)];
      if (word.length === 0) return word;
      const i = Math.min(at, word.length - 1);
      if (kind === 1) return [...word.slice(0, i), ...word.slice(i + 1)];
      if (kind === 2) return [...word.slice(0, i), letter(), ...word.slice(i + 1)];
      if (i + 1 >= word.length) return word;
      return [...word.slice(0, i), word[i + 1]!, word[i]!, ...word.slice(i + 2)];
    };
    for (let n = 0; n < 5000; n++) {
      const word = Array.from({ length: 3 + Math.floor(random() * 12) }, letter);
      let typo = word;
      for (let edits = 1 + Math.floor(random() * 2); edits > 0; edits--) typo = edit(typo);
      const [original, typed] = [word.join(''), typo.join('')];
      const allowed = maxEdits(typed);
      if (typed.length === 0 || editDistance(original, typed) > allowed) continue;
      const stored = new Set(deletionVariants(original, STORED_DELETIONS));
      const shared = deletionVariants(typed, allowed).some((variant) => stored.has(variant));
      expect(shared, `${typed} → ${original}`).toBe(true);
    }
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
  it('asks for an identifier whole, each CJK pair, and a word by its stem', () => {
    expect(termGroupsOf('pg_dump')).toEqual([['pg_dump']]);
    expect(termGroupsOf('部署指南')).toEqual([['部署'], ['署指'], ['指南']]);
    // One group: the stem, which other forms of the word share.
    expect(termGroupsOf('deploying')).toEqual([analyze('deployed')]);
  });
});
