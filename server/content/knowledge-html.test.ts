import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH } from '../../common/knowledge';
import { hrefsIn } from '../transfer/import/links';
import {
  htmlToText,
  knowledgePreview,
  safeHtmlFor,
  SanitizedHtml,
  sanitizeKnowledgeHtml,
  storedImagePaths,
} from './knowledge-html';

const account = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';

describe('htmlToText', () => {
  it('keeps words apart across blocks and decodes entities once', () => {
    expect(
      htmlToText('<h1>Title</h1><p>a &amp; b &lt;script&gt;</p><ul><li>one</li><li>two</li></ul><p>x&amp;lt;y</p>'),
    ).toBe('Title a & b <script> one two x&lt;y');
  });
});

describe('knowledgePreview', () => {
  // Blocks of every kind whose text ends where a cut may fall: cells, entities, a list, a code block, a link.
  const blocks = [
    '<table><tbody><tr><th><p>Env</p></th><th><p>Owner</p></th></tr><tr><td><p>prod</p></td><td><p>Ana &amp; Bo</p></td></tr></tbody></table>',
    '<p>Fish &lt;&gt; chips&nbsp;and <strong>peas</strong>,<br>then tea.</p>',
    '<ul><li><p>one</p></li><li><p>two</p></li></ul>',
    '<pre><code class="language-js">if (a &lt; b) {\n  go();\n}</code></pre>',
    '<h2>Setting up</h2><p>See <a href="https://example.com/a?b=1&amp;c=2" target="_blank">the guide</a>.</p>',
  ];

  it('says what reading all of a long body would, wherever a block ends at the cut', () => {
    // An opening paragraph of many lengths moves every kind of block's end past the place the body is cut.
    const rest = Array.from({ length: 60 }, (_, i) => blocks[i % blocks.length]).join('');
    for (let opening = 1; opening < 1200; opening += 7) {
      const html = sanitizeKnowledgeHtml(`<p>${'Lore '.repeat(opening).slice(0, opening)}</p>${rest}`);
      expect(knowledgePreview(html), `an opening of ${opening}`).toBe(htmlToText(html).slice(0, PREVIEW_LENGTH));
    }
  });

  it('is the same where the text of the body’s beginning is as long as the preview', () => {
    // Sparse text after the opening: where the body is first cut, its text runs across the preview’s length.
    const sparse = '<p><strong>x</strong></p>'.repeat(400);
    for (let opening = 700; opening < 820; opening++) {
      const html = `<p>${'Lore '.repeat(opening).slice(0, opening)}</p>${sparse}`;
      expect(knowledgePreview(html), `an opening of ${opening}`).toBe(htmlToText(html).slice(0, PREVIEW_LENGTH));
    }
  });

  it('is the whole text of a short body', () => {
    expect(knowledgePreview('<p>Short <em>and</em> sweet</p>')).toBe('Short and sweet');
  });
});

describe('sanitizeKnowledgeHtml', () => {
  it('forces safe link targets and drops unknown code classes', () => {
    expect(
      sanitizeKnowledgeHtml(
        '<a href="https://x.example" target="_top" rel="opener">x</a><pre><code class="language-js evil">1</code></pre>',
      ),
    ).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a><pre><code class="language-js">1</code></pre>',
    );
  });

  it('gives an import’s links the addresses it asks for, and keeps only the words of those it unlinks', () => {
    const linkTo = (href: string) =>
      ({ 'guide.md': '/account/a/knowledge/abc', 'gone.md': null })[href] as string | null | undefined;
    expect(
      sanitizeKnowledgeHtml(
        '<p><a href="guide.md">the guide</a>, <a href="gone.md">an <code>old</code> page</a>, <a href="https://x.example">x</a></p>',
        account,
        linkTo,
      ),
    ).toBe(
      '<p><a href="/account/a/knowledge/abc" rel="noopener noreferrer nofollow" target="_blank">the guide</a>, <span>an <code>old</code> page</span>, ' +
        '<a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
    );
  });
});

describe('images in content', () => {
  it("come only from Lore's image address or https, never another of Lore's paths", () => {
    const shown = (src: string) => sanitizeKnowledgeHtml(`<p>x</p><img src="${src}">`).includes('<img');
    expect(shown('/api/secureImage?bucket=knowledge-images&amp;path=a%2Fb.png')).toBe(true);
    expect(shown('https://images.example/a.png')).toBe(true);
    expect(shown('/api/auth/magic-link/verify?token=abc')).toBe(false);
    expect(shown('api/auth/magic-link/verify?token=abc')).toBe(false);
    expect(shown('/api/secureImage/../auth/magic-link/verify?token=abc')).toBe(false);
    expect(shown('http://images.example/a.png')).toBe(false);
    expect(shown('//images.example/a.png')).toBe(false);
  });
});

describe('storedImagePaths', () => {
  it("finds the account's images by data-path or secureImage address, and nothing of other accounts", () => {
    const html = [
      `<img src="/api/secureImage?bucket=knowledge-images&amp;path=${account}%2Fa.png">`,
      `<img src="/x" data-path="${account}/b.webp">`,
      `<img data-path="${other}/c.png" src="/api/secureImage?bucket=knowledge-images&amp;path=${other}%2Fc.png">`,
      `<img data-path="${account}/../../etc/passwd" src="https://example.com/d.png">`,
      `<img src="/api/secureImage?bucket=avatars&amp;path=${account}%2Fe.png">`,
    ].join('');
    expect(storedImagePaths(html, account)).toEqual([`${account}/a.png`, `${account}/b.webp`]);
  });
});

describe('SanitizedHtml', () => {
  const viewer = (accountId: string) =>
    `<div data-type="pdf-viewer" data-src="/api/secureImage?bucket=knowledge-pdfs&amp;path=${accountId}%2Fa.pdf"></div>`;
  const page = `<p onclick="steal()">Read <a href="docs/setup.html">the setup</a></p>${viewer(account)}`;

  it('is stored as it was sanitized for its workspace, links as the import wrote them', () => {
    const sanitized = SanitizedHtml.of(page, account, () => '/knowledge/abcdefgh');
    expect(sanitized.html).not.toContain('onclick');
    expect(sanitized.html).toContain('href="/knowledge/abcdefgh"');
    expect(sanitized.html).toContain('data-type="pdf-viewer"');
    expect(safeHtmlFor(sanitized, account)).toBe(sanitized.html);
  });

  it("is made in the sanitizing thread as on Lore's own, links led where their hrefs, as the sanitizer reads them, were resolved", async () => {
    const html =
      `<p><script>steal()</script><a href="docs/setup.html?a=1&amp;b=2">setup</a>, <a href="gone.md">gone</a>, ` +
      `<a href="https://x.example">x</a>, <a href="unlisted.md">unlisted</a>, <a href="docs/setup.html?a=1&amp;b=2">again</a></p>${viewer(account)}`;
    const addresses = new Map<string, string | null | undefined>();
    const linkTo = (href: string) =>
      href.startsWith('docs/') ? '/knowledge/abcdefgh' : href === 'gone.md' ? null : undefined;
    for (const href of hrefsIn(html)) if (href !== 'unlisted.md') addresses.set(href, linkTo(href));
    expect([...addresses.keys()]).toEqual(['docs/setup.html?a=1&b=2', 'gone.md', 'https://x.example']);

    const inThread = await SanitizedHtml.inThread({ html, accountId: account, links: [...addresses] });
    const here = SanitizedHtml.of(html, account, (href) => (href === 'unlisted.md' ? null : linkTo(href)));
    expect(inThread.html).toBe(here.html);
    expect(inThread.html.match(/href="\/knowledge\/abcdefgh"/g)).toHaveLength(2);
    expect(inThread.html).toContain('<span>unlisted</span>');
    expect(inThread.html).not.toContain('script');
    expect(safeHtmlFor(inThread, account)).toBe(inThread.html);
    // Made for its workspace only: its PDF viewer is not another's.
    expect(safeHtmlFor(inThread, other)).not.toContain('data-type="pdf-viewer"');
  });

  it('is sanitized again for another workspace, and a plain string always', () => {
    const sanitized = SanitizedHtml.of(page, account);
    expect(safeHtmlFor(sanitized, other)).not.toContain('data-type="pdf-viewer"');
    expect(safeHtmlFor(page, account)).toBe(sanitizeKnowledgeHtml(page, account));
    expect(safeHtmlFor(page, account)).not.toContain('onclick');
  });
});
