import { describe, expect, it } from 'vitest';
import { analyze, analyzeQuery, variantTerm } from './analyze';
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

  /** Does an item with this text hold every term of the question, as written or written another way? */
  const holds = (text: string, question: string) => {
    const indexed = new Set(analyze(text, { keepStopWords: true, indexing: true }));
    return analyzeQuery(question).every((term) => indexed.has(term) || indexed.has(variantTerm(term)));
  };

  it('finds ß written as ss, and ä, ö, ü written as ae, oe, ue', () => {
    expect(analyzeQuery('Strasse')).toEqual(analyzeQuery('Straße'));
    expect(holds('Herr Müller', 'Mueller')).toBe(true);
    expect(holds('Herr Müller', 'muller')).toBe(true);
    expect(holds('Größe', 'groesse')).toBe(true);
    // Written another way, kept apart: a search counts it for less.
    expect(analyze('Herr Müller', { indexing: true })).toEqual(['herr', 'muller', variantTerm('mueller')]);
  });

  it('finds a CamelCase identifier by its parts written apart', () => {
    const text = 'call getElementById on the HTTPServer';
    expect(holds(text, 'getelementbyid')).toBe(true);
    expect(holds(text, 'element by id')).toBe(true);
    expect(holds(text, 'http server')).toBe(true);
    expect(holds(text, 'element server cluster')).toBe(false);
  });

  it('finds a single Chinese or Japanese character in indexed text', () => {
    expect(holds('部署指南', '署')).toBe(true);
    expect(holds('部署指南', '南')).toBe(true);
    expect(holds('部署指南', '北')).toBe(false);
    expect(analyzeQuery('部署指南')).toEqual(['部署', '署指', '指南']);
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

  it('joins a paragraph whose HTML source wraps its lines, keeping a code block’s lines', () => {
    expect(splitPassages('<p>Run it when the\nbuild is green.</p><pre><code>make\nmake test</code></pre>')).toEqual([
      { heading: '', text: 'Run it when the build is green.\nmake\nmake test' },
    ]);
  });

  it("reads a code block as its text (never its markup) and a table's row as one line of cells", () => {
    const html =
      '<pre><code class="language-bash">./deploy.sh --env prod &amp;&amp; echo ok</code></pre>' +
      '<table><tr><th>Env</th><th>Owner</th></tr><tr><td>prod</td><td>Ana</td></tr></table>';
    expect(splitPassages(html)).toEqual([
      { heading: '', text: './deploy.sh --env prod && echo ok\nEnv | Owner\nprod | Ana' },
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
