import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { documentHtml, fillDocument } from '../collaboration/document-html';
import { markdownHandler } from '../transfer/import/documents';
import { itemMarkdown } from '../transfer/markdown-out';
import { htmlToText, sanitizeKnowledgeHtml } from './knowledge-html';

/** A runbook's table as the editor writes it: a header row of th, then rows of td, each cell a paragraph. */
const RUNBOOK =
  '<table><tbody>' +
  '<tr><th><p>Env</p></th><th><p>Owner</p></th><th><p>Rollback</p></th></tr>' +
  '<tr><td><p>prod</p></td><td><p>Ana</p></td><td><p>5 min</p></td></tr>' +
  '<tr><td><p>staging</p></td><td><p>Ben</p></td><td><p>1 min</p></td></tr>' +
  '</tbody></table>';

describe('tables in stored HTML', () => {
  it('keeps exactly the table markup: rows, cells, header cells and spans within bounds', () => {
    expect(sanitizeKnowledgeHtml(RUNBOOK)).toBe(RUNBOOK);
    expect(
      sanitizeKnowledgeHtml(
        '<table border="1" style="width:100%" onclick="x()"><colgroup><col width="90"></colgroup>' +
          '<thead><tr bgcolor="red"><th colspan="2" rowspan="3" scope="col" style="color:red">A</th></tr></thead>' +
          '<tbody><tr><td colspan="100" rowspan="0">B</td><td colspan="1" class="x" data-x="1">C</td></tr></tbody></table>',
      ),
    ).toBe(
      '<table><thead><tr><th colspan="2" rowspan="3">A</th></tr></thead><tbody><tr><td>B</td><td>C</td></tr></tbody></table>',
    );
  });

  it('drops what is not allowed inside a cell, keeping its text', () => {
    expect(
      sanitizeKnowledgeHtml(
        '<table><tr><td><script>alert(1)</script><iframe src="https://x.example"></iframe><font>kept</font> <img src="http://x.example/a.png"></td></tr></table>',
      ),
    ).toBe('<table><tr><td>kept </td></tr></table>');
  });

  it('reads as text with its cells apart, row after row', () => {
    expect(htmlToText(`<p>Who rolls back?</p>${RUNBOOK}`)).toBe(
      'Who rolls back? Env | Owner | Rollback prod | Ana | 5 min staging | Ben | 1 min',
    );
  });

  it('comes back unchanged through the live document (HTML → Yjs → HTML)', () => {
    const stored = sanitizeKnowledgeHtml(
      `<p>Rota</p>${RUNBOOK}<table><tbody><tr><td colspan="2"><p>both</p></td></tr></tbody></table>`,
    );
    const doc = new Y.Doc();
    fillDocument(doc, stored);
    expect(sanitizeKnowledgeHtml(documentHtml(doc))).toBe(stored);
  });

  it('is written as a GitHub-flavoured Markdown table, and read back from one', () => {
    const markdown = itemMarkdown({
      title: 'Rollbacks',
      tags: [],
      author: 'Ana',
      created: new Date(0),
      updated: new Date(0),
      html: RUNBOOK.replace('<p>5 min</p>', '<p>5 | 6 min</p>'),
    });
    expect(markdown).toContain(
      '| Env | Owner | Rollback |\n| --- | --- | --- |\n| prod | Ana | 5 \\| 6 min |\n| staging | Ben | 1 min |\n',
    );
    const read = markdownHandler.read({ path: 'rollbacks.md', data: new TextEncoder().encode(markdown) });
    const html = sanitizeKnowledgeHtml((read as { html: string }).html).replace(/>\s+</g, '><');
    expect(html).toContain('<table><thead><tr><th>Env</th><th>Owner</th><th>Rollback</th></tr></thead>');
    expect(html).toContain('<tr><td>prod</td><td>Ana</td><td>5 | 6 min</td></tr>');
  });
});

describe('code blocks in stored HTML', () => {
  it('keep their language through the live document, and never store highlighting', () => {
    const stored = '<pre><code class="language-python">def hello():\n    return "hi"</code></pre>';
    const doc = new Y.Doc();
    fillDocument(doc, stored);
    expect(sanitizeKnowledgeHtml(documentHtml(doc))).toBe(stored);
    // Highlighting is decoration: a block read with its spans (copied from an article, say) holds only its text.
    const highlighted = new Y.Doc();
    fillDocument(highlighted, '<pre><code class="language-js"><span class="hljs-keyword">const</span> a</code></pre>');
    expect(sanitizeKnowledgeHtml(documentHtml(highlighted))).toBe(
      '<pre><code class="language-js">const a</code></pre>',
    );
  });
});
