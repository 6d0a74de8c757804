import { describe, expect, it } from 'vitest';
import { analyze, analyzeQuery } from './analyze';
import { splitPassages } from './passages';

describe('analyze', () => {
  it('drops the words of a question that carry no meaning, and stems the rest', () => {
    expect(analyzeQuery('How many vacation days do I get?')).toEqual(['vacat', 'day']);
    expect(analyze('vacations')).toEqual(analyze('vacation'));
  });

  it('keeps stop words when they are all a question has', () => {
    expect(analyzeQuery('how do I')).toEqual(['how', 'do', 'i']);
  });

  it('keeps stop words in titles and tags, where "IT" may be the point', () => {
    expect(analyze('IT', { keepStopWords: true })).toEqual(['it']);
    expect(analyze('IT')).toEqual([]);
  });

  it('folds accents and case', () => {
    expect(analyze('Émigré')).toEqual(analyze('emigre'));
  });

  it('finds Chinese and Japanese text by any two characters', () => {
    expect(analyze('部署指南')).toEqual(['部署', '署指', '指南']);
    expect(analyze('部署指南')).toEqual(expect.arrayContaining(analyzeQuery('部署')));
    expect(analyze('api部署')).toEqual(['api', '部署']);
  });

  it('finds a hyphenated compound written closed, and the other way round', () => {
    expect(analyze('Report suspicious e-mails')).toEqual(expect.arrayContaining(analyzeQuery('email')));
    expect(analyze('the on-call rota')).toEqual(expect.arrayContaining(analyzeQuery('oncall')));
    expect(analyzeQuery('with-statement helper')).toEqual(['statement', 'helper', 'withstat']);
    expect(analyze('部署-指南')).toEqual(['部署', '指南']);
  });

  it('indexes an identifier whole and by its parts', () => {
    expect(analyze('pg_dump')).toEqual(['pg_dump', 'pg', 'dump']);
    expect(analyzeQuery('pg_dump')).toContain('pg_dump');
  });
});

describe('splitPassages', () => {
  it('splits at headings, keeping each heading with its text', () => {
    const html =
      '<p>Intro text.</p><h2>Install</h2><p>Run the installer.</p><ul><li>one</li><li>two</li></ul><h3>Upgrade</h3><p>Run it again.</p>';
    expect(splitPassages(html)).toEqual([
      { heading: '', text: 'Intro text.' },
      { heading: 'Install', text: 'Run the installer.\none\ntwo' },
      { heading: 'Upgrade', text: 'Run it again.' },
    ]);
  });

  it('cuts a long section into windows that keep its heading', () => {
    const passages = splitPassages(`<h2>Long</h2><p>${'word '.repeat(700)}</p>`);
    expect(passages.length).toBe(3);
    expect(passages.every((passage) => passage.heading === 'Long')).toBe(true);
  });

  it('has nothing to say about an empty body', () => {
    expect(splitPassages('')).toEqual([]);
  });
});
