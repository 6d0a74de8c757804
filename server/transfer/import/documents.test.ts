import { describe, expect, it } from 'vitest';
import { sanitizeKnowledgeHtml } from '../../content/knowledge-html';
import { htmlHandler } from './documents';

/** An HTML page read by the importer, as it would be stored. */
async function imported(page: string) {
  const read = await htmlHandler.read({ path: 'guide/page.html', data: new TextEncoder().encode(page) });
  return { title: read.title, html: sanitizeKnowledgeHtml(read.html) };
}

describe('the HTML handler', () => {
  it('keeps escaped markup in a noscript or iframe as text, never as tags', async () => {
    const page = await imported(
      '<html><body><main><h1>Setup</h1>' +
        '<noscript>Turn on &lt;b&gt;scripts&lt;/b&gt; &lt;img src="https://tracker.example/p.gif"&gt;</noscript>' +
        '<iframe>&lt;a href="https://elsewhere.example"&gt;here&lt;/a&gt;</iframe>' +
        '<p>Run the installer.</p></main></body></html>',
    );
    expect(page.html).toBe(
      'Turn on &lt;b&gt;scripts&lt;/b&gt; &lt;img src="https://tracker.example/p.gif"&gt;' +
        '&lt;a href="https://elsewhere.example"&gt;here&lt;/a&gt;<p>Run the installer.</p>',
    );
  });

  it('reads a page whose main content is only navigation by Readability, without that navigation', async () => {
    const page = await imported(
      '<html><head><title>Site</title></head><body>' +
        '<h1>Rotating keys</h1><main><nav><a href="/home">Home</a> <a href="/pricing">Pricing</a></nav></main>' +
        '<p>Keys are rotated every ninety days by the platform team, who announce it a week before.</p>' +
        '<p>Services read the new key from the vault at start-up, so a restart picks it up without a deploy.</p>' +
        '</body></html>',
    );
    expect(page.title).toBe('Rotating keys');
    expect(page.html).toContain('Keys are rotated every ninety days');
    expect(page.html).not.toContain('Pricing');
  });
});
