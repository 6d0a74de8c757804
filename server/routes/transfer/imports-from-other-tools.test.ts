import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_IMAGES_BUCKET } from '../../../common/files';
import { sampleImages } from '../../test/knowledge-factory';
import { doneLine, filesByPath, importFiles } from '../../test/import-files';
import type { SignedInClient } from '../../test/test-server';
import { collectionsWithTrees } from '../../test/collection-trees';
import { useTestServer } from '../../test/use-test-server';

/**
 * Decision 39: exports of Outline (Markdown and JSON), Notion (Markdown & CSV) and Confluence (HTML) come in
 * with their pages, images and tree. Each sample is a small export written as those tools write theirs.
 */
const lore = useTestServer();

type Tree = Record<string, Uint8Array | string>;
const zipOf = (tree: Tree) =>
  zipSync(
    Object.fromEntries(
      Object.entries(tree).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data]),
    ),
  );

/** Each collection's pages as `parent > page` lines, and each page's content by title. */
async function workspaceOf(client: SignedInClient, accountId: string) {
  const collections = await collectionsWithTrees(client, accountId);
  const tree = Object.fromEntries(
    collections.map((collection) => {
      const titles = new Map(collection.items.map((item) => [item.id, item.title]));
      const lines = collection.items.map(
        (item) => `${item.parentId ? `${titles.get(item.parentId)} > ` : ''}${item.title}`,
      );
      return [collection.name, lines.sort()];
    }),
  );
  const rows = await lore.db
    .selectFrom('knowledge')
    .select(['title', 'content', 'user_id', 'short_id'])
    .where('account_id', '=', accountId)
    .execute();
  return { tree, items: new Map(rows.map((row) => [row.title, row])) };
}

const storedImages = async (accountId: string) =>
  (await lore.deps.files.listFolder(KNOWLEDGE_IMAGES_BUCKET, accountId)).length;

describe('Notion’s Markdown & CSV export', () => {
  it('keeps pages under their pages, without Notion’s ids, images, links, and a database as a table', async () => {
    const { id, owner } = await lore.account();
    const wiki = 'Team Wiki 0c1f2e3d4c5b6a79881726354453627a';
    const onboarding = 'Onboarding 1a2b3c4d5e6f708192a3b4c5d6e7f809';
    const tasks = 'Tasks 9f8e7d6c5b4a39281706f5e4d3c2b1a0';
    const zip = zipOf({
      [`Export-5b1d2f3e-0a1b-4c2d-9e8f-7a6b5c4d3e2f/${wiki}.md`]: [
        '# Team Wiki',
        '',
        `Start with [Onboarding](Team%20Wiki%200c1f2e3d4c5b6a79881726354453627a/Onboarding%201a2b3c4d5e6f708192a3b4c5d6e7f809.md).`,
        '',
        `[Tasks](Team%20Wiki%200c1f2e3d4c5b6a79881726354453627a/Tasks%209f8e7d6c5b4a39281706f5e4d3c2b1a0.csv)`,
      ].join('\n'),
      [`Export-5b1d2f3e-0a1b-4c2d-9e8f-7a6b5c4d3e2f/${wiki}/${onboarding}.md`]:
        '# Onboarding\n\nOwner: Ana\n\n![Desk plan](Onboarding%201a2b3c4d5e6f708192a3b4c5d6e7f809/desk.png)\n',
      [`Export-5b1d2f3e-0a1b-4c2d-9e8f-7a6b5c4d3e2f/${wiki}/${onboarding}/desk.png`]: sampleImages.png,
      [`Export-5b1d2f3e-0a1b-4c2d-9e8f-7a6b5c4d3e2f/${wiki}/${tasks}.csv`]: 'Name,Status\nWrite docs,Done\n',
      [`Export-5b1d2f3e-0a1b-4c2d-9e8f-7a6b5c4d3e2f/${wiki}/${tasks}_all.csv`]:
        'Name,Status,Notes\nWrite docs,Done,"First, the README"\nShip it,Doing,\n',
      [`Export-5b1d2f3e-0a1b-4c2d-9e8f-7a6b5c4d3e2f/${wiki}/${tasks}/Write docs 00112233445566778899aabbccddeeff.md`]:
        '# Write docs\n\nStatus: Done\n\nThe README first.',
    });
    const { lines } = await importFiles(owner, id, [{ path: 'Export-5b1d2f3e.zip', data: zip }]);
    expect(doneLine(lines)).toMatchObject({ imported: 4, skipped: 1, links: { rewritten: 2, unresolved: [] } });
    expect(filesByPath(lines).get(`Export-5b1d2f3e-0a1b-4c2d-9e8f-7a6b5c4d3e2f/${wiki}/${tasks}.csv`)!.reason).toMatch(
      /^Notion's filtered copy of .*_all\.csv, which is imported with every row$/,
    );
    const { tree, items } = await workspaceOf(owner, id);
    // The top page's folder is a collection (decision 35): the page and its pages are at its top, as an index.md's are.
    expect(tree['Team Wiki']).toEqual(['Onboarding', 'Tasks', 'Tasks > Write docs', 'Team Wiki']);
    expect(items.get('Onboarding')!.content).toMatch(/<img [^>]*src="\/api\/secureImage\?bucket=knowledge-images/);
    expect(items.get('Tasks')!.content).toContain('<th><p>Notes</p></th>');
    expect(items.get('Tasks')!.content).toContain('<td><p>First, the README</p></td>');
    expect(items.get('Team Wiki')!.content).toContain(
      `href="/account/${id}/knowledge/${items.get('Tasks')!.short_id}"`,
    );
    expect(await storedImages(id)).toBe(1);
  });
});

describe('Outline’s exports', () => {
  it('Markdown: a folder per collection, a document’s pages in the folder of its name, uploads', async () => {
    const { id, owner } = await lore.account();
    const zip = zipOf({
      'Engineering/Architecture.md': '# Architecture\n\nSee [Deploys](Architecture/Deploys.md).\n',
      'Engineering/Architecture/Deploys.md':
        '# Deploys\n\n![Pipeline](../uploads/1d2c3b4a-0000-4000-8000-000000000001/pipeline.png)\n\nFriday is fine.',
      'Engineering/uploads/1d2c3b4a-0000-4000-8000-000000000001/pipeline.png': sampleImages.png,
      'Handbook/Leave.md': '# Leave\n\n25 days.',
    });
    const { lines } = await importFiles(owner, id, [{ path: 'outline-export.zip', data: zip }]);
    expect(doneLine(lines)).toMatchObject({ imported: 3, skipped: 0, links: { rewritten: 1, unresolved: [] } });
    const { tree, items } = await workspaceOf(owner, id);
    expect(tree.Engineering).toEqual(['Architecture', 'Architecture > Deploys']);
    expect(tree.Handbook).toEqual(['Leave']);
    expect(items.get('Deploys')!.content).toMatch(/<img [^>]*src="\/api\/secureImage/);
  });

  it('JSON: collections, documents under their parents, their authors and dates, attachments', async () => {
    const { id, owner, members } = await lore.account({ roles: ['member'] });
    const email = (
      await lore.db.selectFrom('users').select('email').where('id', '=', members[0].userId).executeTakeFirstOrThrow()
    ).email;
    const collection = { id: '5f0c7a52-1c1e-4d6e-9a57-3a0f5d1e2b10', name: 'Product', description: '' };
    const doc = (idEnd: string, title: string, content: unknown[], parent: string | null, by: string) => ({
      id: `8c1d9a0e-0000-4000-8000-00000000000${idEnd}`,
      urlId: `abc${idEnd}`,
      title,
      data: { type: 'doc', content },
      createdById: '2f1e0d9c-0000-4000-8000-000000000000',
      createdByName: by,
      createdByEmail: by === 'member' ? email : 'gone@example.com',
      createdAt: '2024-03-01T10:00:00.000Z',
      updatedAt: '2024-03-02T10:00:00.000Z',
      publishedAt: '2024-03-01T10:00:00.000Z',
      fullWidth: false,
      parentDocumentId: parent,
    });
    const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
    const roadmap = doc(
      '1',
      'Roadmap',
      [
        { type: 'heading', attrs: { level: 2 }, content: [text('Q2')] },
        { type: 'paragraph', content: [text('Ship '), text('search', [{ type: 'strong' }])] },
        {
          type: 'image',
          attrs: { src: '/api/attachments.redirect?id=0a9b8c7d-0000-4000-8000-000000000009', alt: 'Plan' },
        },
        {
          type: 'table',
          content: [
            { type: 'tr', content: [{ type: 'th', content: [{ type: 'paragraph', content: [text('Owner')] }] }] },
            { type: 'tr', content: [{ type: 'td', content: [{ type: 'paragraph', content: [text('Ana')] }] }] },
          ],
        },
      ],
      null,
      'member',
    );
    const launch = doc('2', 'Launch', [{ type: 'paragraph', content: [text('In May.')] }], roadmap.id, 'someone');
    const zip = zipOf({
      'metadata.json': JSON.stringify({ exportVersion: 1, version: '0.78.0', createdAt: '2024-03-03T00:00:00.000Z' }),
      'Product.json': JSON.stringify({
        collection: { ...collection, documentStructure: [] },
        documents: { [roadmap.id]: roadmap, [launch.id]: launch },
        attachments: {
          '0a9b8c7d-0000-4000-8000-000000000009': {
            id: '0a9b8c7d-0000-4000-8000-000000000009',
            documentId: roadmap.id,
            contentType: 'image/png',
            name: 'plan.png',
            size: sampleImages.png.length,
            key: 'uploads/2f1e0d9c/0a9b8c7d/plan.png',
          },
        },
      }),
      'uploads/2f1e0d9c/0a9b8c7d/plan.png': sampleImages.png,
    });
    const { lines } = await importFiles(owner, id, [{ path: 'outline-json.zip', data: zip }]);
    expect(doneLine(lines)).toMatchObject({
      imported: 2,
      skipped: 0,
      authors: { restored: 1, toImporter: [{ name: 'someone', email: 'gone@example.com', items: 1 }] },
    });
    const { tree, items } = await workspaceOf(owner, id);
    expect(tree.Product).toEqual(['Roadmap', 'Roadmap > Launch']);
    const content = items.get('Roadmap')!.content;
    expect(content).toContain('<h2>Q2</h2>');
    expect(content).toContain('<strong>search</strong>');
    expect(content).toMatch(/<img [^>]*alt="Plan"/);
    expect(content).toMatch(/<img [^>]*src="\/api\/secureImage/);
    expect(content).toContain('<th><p>Owner</p></th>');
    expect(items.get('Roadmap')!.user_id).toBe(members[0].userId);
    expect(items.get('Launch')!.user_id).toBe(owner.userId);
  });
});

/** A page of Confluence's HTML export, as it lays one out. */
function confluencePage(title: string, crumbs: Array<[string, string]>, content: string) {
  return `<!DOCTYPE html>
<html><head><title>Engineering : ${title}</title><link rel="stylesheet" href="styles/site.css" type="text/css" /></head>
<body class="theme-default aui-theme-default"><div id="page"><div id="main" class="aui-page-panel">
<div id="main-header"><div id="breadcrumb-section"><ol id="breadcrumbs">
${crumbs.map(([href, text], i) => `<li${i === 0 ? ' class="first"' : ''}><span><a href="${href}">${text}</a></span></li>`).join('\n')}
</ol></div>
<h1 id="title-heading" class="pagetitle"><span id="title-text"> Engineering : ${title} </span></h1></div>
<div id="content" class="view"><div class="page-metadata">Created by <span class='author'> Ana Silva</span>, last modified on Mar 01, 2024</div>
<div id="main-content" class="wiki-content group">${content}</div>
<div class="pageSection group"><div class="pageSectionHeader"><h2 id="attachments" class="pageSectionTitle">Attachments:</h2></div>
<div class="greybox" align="left"><img src="images/icons/bullet_blue.gif" height="8" width="8" alt=""/><a href="attachments/65540/65541.png">diagram.png</a> (image/png)<br/></div></div>
</div></div><div id="footer" role="contentinfo"><section class="footer-body"><p>Document generated by Confluence on Mar 03, 2024 10:00</p></section></div></div></body></html>`;
}

describe('Confluence’s HTML export', () => {
  it('keeps the tree its breadcrumbs say, each page’s content without the page around it, attachments', async () => {
    const { id, owner } = await lore.account();
    const home: [string, string] = ['index.html', 'Engineering'];
    const zip = zipOf({
      'ENG/index.html': `<html><head><title>Engineering</title></head><body><div id="main-content"><h2>Available Pages:</h2>
        <ul><li><a href="Runbooks_65538.html">Runbooks</a><ul><li><a href="Rollback_65540.html">Rollback</a></li></ul></li></ul></div></body></html>`,
      'ENG/Runbooks_65538.html': confluencePage(
        'Runbooks',
        [home],
        '<p>Every runbook. Start with <a href="Rollback_65540.html">Rollback</a>.</p>',
      ),
      'ENG/Rollback_65540.html': confluencePage(
        'Rollback',
        [home, ['Runbooks_65538.html', 'Runbooks']],
        `<div class="table-wrap"><table class="confluenceTable"><tbody><tr><th class="confluenceTh">Env</th><th class="confluenceTh">Owner</th></tr>
         <tr><td class="confluenceTd">prod</td><td class="confluenceTd">Ana</td></tr></tbody></table></div>
         <p><span class="confluence-embedded-file-wrapper"><img class="confluence-embedded-image" src="attachments/65540/65541.png" data-image-src="attachments/65540/65541.png"></span></p>`,
      ),
      'ENG/attachments/65540/65541.png': sampleImages.png,
      'ENG/images/icons/bullet_blue.gif': sampleImages.gif,
      'ENG/styles/site.css': 'body { color: black; }',
    });
    const { lines } = await importFiles(owner, id, [{ path: 'Confluence-space-export.zip', data: zip }]);
    const files = filesByPath(lines);
    expect(doneLine(lines)).toMatchObject({ imported: 3, links: { rewritten: 3, unresolved: [] } });
    expect(files.get('ENG/styles/site.css')!.reason).toMatch(/^A \.css file/);
    expect(files.get('ENG/images/icons/bullet_blue.gif')!.reason).toBe('An image no imported document shows');
    const { tree, items } = await workspaceOf(owner, id);
    expect(tree.ENG).toEqual(['Engineering', 'Runbooks', 'Runbooks > Rollback']);
    const rollback = items.get('Rollback')!.content;
    expect(rollback).toContain('<th>Env</th>');
    expect(rollback).toMatch(/<img [^>]*src="\/api\/secureImage/);
    expect(rollback).not.toMatch(/Document generated|Attachments:|Created by/);
    expect(items.get('Runbooks')!.content).toContain(
      `href="/account/${id}/knowledge/${items.get('Rollback')!.short_id}"`,
    );
  });
});
