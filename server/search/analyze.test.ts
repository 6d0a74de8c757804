import { describe, expect, it } from 'vitest';
import { analyze, analyzeQuery, variantTerm } from './analyze';
import { itemTerms } from './item-terms';
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

  it('keeps a word written another way only in an item that never writes it as asked, where it counts', () => {
    const terms = (content: string) => [...itemTerms({ title: 'Notes', tags: [], content }).positions.keys()];
    expect(terms('<p>Call getElementById.</p>')).toContain(variantTerm('element'));
    // This item writes "element" too, so a search counts that, never the part (rank.ts): not stored.
    const both = terms('<p>Call getElementById.</p><h2>Others</h2><p>Each element has an id.</p>');
    expect(both).toContain('element');
    expect(both).not.toContain(variantTerm('element'));
    expect(both).not.toContain(variantTerm('id'));
    expect(both).toContain(variantTerm('get'));
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
  const text = { kind: 'text' };
  const item = { kind: 'item' };

  it('splits at headings, keeping each heading with its text', () => {
    const html =
      '<p>Intro text.</p><h2>Install</h2><p>Run the installer.</p><ul><li>one</li><li>two</li></ul><h3>Upgrade</h3><p>Run it again.</p>';
    expect(splitPassages(html)).toEqual([
      { heading: '', text: 'Intro text.' },
      { heading: 'Install', text: 'Run the installer.\none\ntwo', lines: [text, item, item] },
      { heading: 'Upgrade', text: 'Run it again.' },
    ]);
  });

  it('joins a paragraph whose HTML source wraps its lines, keeping a code block’s lines', () => {
    expect(
      splitPassages(
        '<p>Run it when the\nbuild is green.</p>\n  <pre><code>make\n  <span>make</span> test</code></pre>',
      ),
    ).toEqual([
      {
        heading: '',
        text: 'Run it when the build is green.\nmake\nmake test',
        lines: [text, { kind: 'code', raw: 'make' }, { kind: 'code', raw: '  make test' }],
      },
    ]);
  });

  it("reads a code block as its text (never its markup) and a table's row as one line of cells", () => {
    const html =
      '<pre><code class="language-bash">./deploy.sh --env prod &amp;&amp; echo ok</code></pre>' +
      '<table><tr><th>Env</th><th>Owner</th></tr><tr><td>prod</td><td>Ana</td></tr></table>';
    expect(splitPassages(html)).toEqual([
      {
        heading: '',
        text: './deploy.sh --env prod && echo ok\nEnv | Owner\nprod | Ana',
        lines: [
          { kind: 'code', raw: './deploy.sh --env prod && echo ok' },
          text,
          { kind: 'row', header: 'Env | Owner' },
        ],
      },
    ]);
  });

  it("reads the editor's table, whose cells hold paragraphs, as one line a row", () => {
    const html =
      '<table><tbody><tr><th><p>Env</p></th><th><p>Owner</p></th></tr>' +
      '<tr><td><p>prod</p></td><td><p>Ana</p><p>on call</p></td></tr></tbody></table>';
    expect(splitPassages(html)).toEqual([
      {
        heading: '',
        text: 'Env | Owner\nprod | Ana on call',
        lines: [text, { kind: 'row', header: 'Env | Owner' }],
      },
    ]);
  });

  it('cuts a long section into windows that keep its heading, and what each whole line of theirs is', () => {
    const passages = splitPassages(`<h2>Long</h2><p>${'word '.repeat(700)}</p>`);
    expect(passages.length).toBe(3);
    expect(passages.every((passage) => passage.heading === 'Long')).toBe(true);

    // "begin" then two words a line: the 300th word is the first of a line's two.
    const code = ['begin', ...Array.from({ length: 200 }, (_, i) => `step ${i}`)].join('\n');
    const windows = splitPassages(`<pre><code>${code}</code></pre><p>${'word '.repeat(250)}</p>`);
    expect(windows.length).toBe(3);
    for (const window of windows) expect(window.lines).toHaveLength(window.text.split('\n').length);
    // The line the first window's end cuts is prose (only part of it is there); whole ones keep their kind.
    expect(windows[0]!.lines!.at(-1)).toEqual(text);
    expect(windows[0]!.lines![1]).toEqual({ kind: 'code', raw: 'step 0' });
    expect(windows[1]!.lines![0]).toEqual(text);
  });

  it('reads what a reader sees: a heading with its link, no script or style, a row with a header cell anywhere as the header', () => {
    const html =
      '<h2>Set <a href="#up">up</a></h2><p>a<script>var x = "<p>no</p>";</script>b<style>p { color: red }</style>c</p>' +
      '<table><tr><td>Env</td><th>Owner</th></tr><tr><td>prod</td><td>Ana</td></tr></table>';
    expect(splitPassages(html)).toEqual([
      {
        heading: 'Set up',
        text: 'abc\nEnv | Owner\nprod | Ana',
        lines: [text, text, { kind: 'row', header: 'Env | Owner' }],
      },
    ]);
  });

  it('has nothing to say about an empty body', () => {
    expect(splitPassages('')).toEqual([]);
  });
});
