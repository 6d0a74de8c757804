import { describe, expect, it } from 'vitest';
import { insertMember } from '../../data/account-members';
import { createItem, sampleImages } from '../../test/knowledge-factory';
import { doneLine, filesByPath, importFiles } from '../../test/import-files';
import { useTestServer } from '../../test/use-test-server';

/** Decision 39: imported files keep their titles, their links to each other and their authors; every skip says why. */
const lore = useTestServer();

/** The account's items (folders' pages too), by title. */
async function itemsByTitle(accountId: string) {
  const rows = await lore.db
    .selectFrom('knowledge')
    .select(['id', 'short_id', 'title', 'content', 'user_id', 'parent_id'])
    .where('account_id', '=', accountId)
    .execute();
  return new Map(rows.map((row) => [row.title, row]));
}

describe('titles', () => {
  it('come from front matter, the first H1, then the file name; index.md and README.md take their folder’s', async () => {
    const { id, owner } = await lore.account();
    const sphinx = `<!doctype html><html><head><title>Logging HOWTO — Python 3.11 documentation</title></head><body>
      <div class="body"><section id="logging-howto"><h1>Logging HOWTO<a class="headerlink" href="#logging-howto" title="Permalink to this headline">¶</a></h1>
      <p>This page contains tutorial information about logging in Python, for people starting out.</p>
      <section id="when"><h2>When to use logging<a class="headerlink" href="#when" title="Permalink to this headline">¶</a></h2>
      <p>Logging provides a set of convenience functions for simple logging usage, and more besides that.</p></section></section></div></body></html>`;
    const { lines } = await importFiles(owner, id, [
      { path: 'docs/front.md', data: '---\ntitle: From the front matter\n---\n# From the front matter\n\nBody.' },
      { path: 'docs/heading.md', data: '# Install {#install}\n\nSteps.' },
      { path: 'docs/mkdocs.md', data: '# Configure ¶\n\nSettings.' },
      { path: 'docs/plain-name.md', data: 'No heading at all.' },
      { path: 'docs/api/index.md', data: 'The API, without a heading.' },
      { path: 'docs/guides/README.md', data: '## Only a second-level heading\n\nGuides.' },
      { path: 'docs/howto/logging.html', data: sphinx },
    ]);
    expect(doneLine(lines)).toMatchObject({ imported: 7, skipped: 0 });
    const items = await itemsByTitle(id);
    for (const title of [
      'From the front matter',
      'Install',
      'Configure',
      'plain-name',
      'api',
      'guides',
      'Logging HOWTO',
    ])
      expect(items.has(title), title).toBe(true);
    // The title is not said again as the body's first line, and no heading keeps its permalink.
    expect(items.get('From the front matter')!.content.trim()).toBe('<p>Body.</p>');
    expect(items.get('Install')!.content.trim()).toBe('<p>Steps.</p>');
    expect(items.get('Logging HOWTO')!.content).not.toMatch(/¶|Logging HOWTO<\/h/);
    expect(items.get('Logging HOWTO')!.content).toContain('When to use logging</h2>');
    // index.md is its folder's own page: the folder's name, not "index".
    expect(items.has('index')).toBe(false);
  });
});

describe('skipped files', () => {
  it('each say why: type, empty, encoding, the HTML of a Markdown page, Sphinx’s sources, too long, an unshown image', async () => {
    const { id, owner } = await lore.account();
    const { lines } = await importFiles(owner, id, [
      { path: 'docs/api/http.md', data: '# HTTP\n\nThe server.' },
      { path: 'docs/api/http.html', data: '<html><body><h1>HTTP</h1><p>The server, built.</p></body></html>' },
      { path: 'docs/api/http.json.gz', data: new Uint8Array([0x1f, 0x8b, 8, 0]) },
      { path: 'docs/LICENSE', data: 'MIT' },
      { path: 'docs/empty.md', data: '  \n\n' },
      { path: 'docs/latin1.txt', data: new Uint8Array([0x63, 0x61, 0x66, 0xe9]) },
      { path: 'docs/changelog.md', data: `# Changes\n\n${'- A change that was made.\n'.repeat(30_000)}` },
      { path: 'docs/unused.png', data: sampleImages.png },
      { path: 'docs/howto/logging.html', data: '<h1>Logging</h1><p>How to log, with handlers and levels.</p>' },
      { path: 'docs/_sources/howto/logging.rst.txt', data: 'Logging\n=======\n\nHow to log.' },
    ]);
    const files = filesByPath(lines);
    expect(doneLine(lines)).toMatchObject({ imported: 2, skipped: 8 });
    expect(files.get('docs/_sources/howto/logging.rst.txt')!.reason).toBe(
      "Sphinx's copy of the source of docs/howto/logging.html, which is imported",
    );
    expect(files.get('docs/api/http.html')!.reason).toBe(
      'The same page as docs/api/http.md, which is imported (this is the HTML built from it)',
    );
    expect(files.get('docs/api/http.json.gz')!.reason).toBe(
      'A .gz file: Lore imports Markdown, HTML, text, CSV and PDF files',
    );
    expect(files.get('docs/LICENSE')!.reason).toBe(
      'No file extension: Lore imports Markdown, HTML, text, CSV and PDF files',
    );
    expect(files.get('docs/empty.md')!.reason).toBe('The file is empty');
    expect(files.get('docs/latin1.txt')!.reason).toBe('The file is not UTF-8 text');
    expect(files.get('docs/changelog.md')!.reason).toMatch(
      /^Too long for one item: [\d,]+ characters once converted, at most 500,000$/,
    );
    expect(files.get('docs/unused.png')!.reason).toBe('An image no imported document shows');
    expect([...files.values()].every((file) => file.status === 'imported' || file.reason)).toBe(true);
  });
});

describe('links between imported files', () => {
  it('lead to the new items; those that cannot are reported with why, and keep their text', async () => {
    const { id, owner } = await lore.account();
    const guide = [
      '# Guide',
      '',
      'See [HTTP](../api/http.md), [this section](./guide.md#section), [the built page](../api/net.html),',
      '[the API](../api/), [outside](../../elsewhere/notes.md), [missing](missing.md),',
      '[the logo](logo.png), [empty](empty.md) and [the web](https://example.com/page).',
      '',
      '## Section',
      '',
      '![logo](logo.png)',
    ].join('\n');
    const { lines } = await importFiles(owner, id, [
      { path: 'docs/guides/guide.md', data: guide },
      { path: 'docs/guides/logo.png', data: sampleImages.png },
      { path: 'docs/guides/empty.md', data: '' },
      { path: 'docs/api/http.md', data: '# HTTP\n\nBack to [the guide](../guides/guide.md).' },
      { path: 'docs/api/net.md', data: '# Net\n\nSockets.' },
      { path: 'docs/api/net.html', data: '<h1>Net</h1><p>Sockets.</p>' },
      { path: 'docs/api/index.md', data: '# API\n\nAll modules.' },
    ]);
    const items = await itemsByTitle(id);
    const address = (title: string) => `/account/${id}/knowledge/${items.get(title)!.short_id}`;
    const content = items.get('Guide')!.content;
    for (const title of ['HTTP', 'Guide', 'Net', 'API']) expect(content).toContain(`href="${address(title)}"`);
    expect(items.get('HTTP')!.content).toContain(`href="${address('Guide')}"`);
    expect(content).toContain('href="https://example.com/page"');
    // Links that lead nowhere in Lore keep their words, not their address.
    expect(content).toContain('outside');
    expect(content).not.toMatch(/href="[^"]*(elsewhere|missing|logo\.png|empty)/);
    expect(doneLine(lines).links).toEqual({
      rewritten: 5,
      unresolved: [
        {
          path: 'docs/guides/guide.md',
          href: '../../elsewhere/notes.md',
          reason: 'It leads outside the imported folder',
        },
        { path: 'docs/guides/guide.md', href: 'missing.md', reason: 'Its file is not in the import' },
        {
          path: 'docs/guides/guide.md',
          href: 'logo.png',
          reason: 'It leads to logo.png, which is not imported as an item',
        },
        {
          path: 'docs/guides/guide.md',
          href: 'empty.md',
          reason: 'Its file (docs/guides/empty.md) was skipped: The file is empty',
        },
      ],
    });
  });
});

describe('an export’s authors', () => {
  it('get their items back when they are members here; the summary names the others', async () => {
    const source = await lore.account({ roles: ['member', 'member'] });
    const [writer, leaver] = source.members;
    await createItem(writer, source.id, { title: 'By the writer', content: '<p>One.</p>' });
    await createItem(leaver, source.id, { title: 'By the leaver', content: '<p>Two.</p>' });
    await createItem(source.owner, source.id, { title: 'By the owner', content: '<p>Three.</p>' });
    const exported = await fetch(new URL(`/api/accounts/${source.id}/export`, source.owner.baseUrl), {
      headers: { cookie: [...source.owner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const zip = new Uint8Array(await exported.arrayBuffer());

    const target = await lore.account({ owner: source.owner });
    await insertMember(lore.db, target.id, writer.userId, 'member');
    const importer = (await lore.account()).owner;
    await insertMember(lore.db, target.id, importer.userId, 'admin');
    const { lines } = await importFiles(importer, target.id, [{ path: 'lore-export.zip', data: zip }]);
    const items = await itemsByTitle(target.id);
    expect(items.get('By the writer')!.user_id).toBe(writer.userId);
    expect(items.get('By the owner')!.user_id).toBe(source.owner.userId);
    expect(items.get('By the leaver')!.user_id).toBe(importer.userId);
    const leaverEmail = (
      await lore.db.selectFrom('users').select('email').where('id', '=', leaver.userId).executeTakeFirstOrThrow()
    ).email;
    expect(doneLine(lines).authors).toEqual({
      restored: 2,
      toImporter: [{ name: expect.any(String), email: leaverEmail, items: 1 }],
    });
  });
});
