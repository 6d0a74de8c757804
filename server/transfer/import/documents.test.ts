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

  it('keeps the text of highlighted code and styled words but not their bare spans; mentions and comment marks stay', async () => {
    const mention =
      '<span data-type="mention" data-id="0b6f8a4e-3f0a-4c53-9d59-6a3b7d1c2e10" data-label="Ada">@Ada</span>';
    const thread = '<span data-comment-thread="5f1e9c2a-7d4b-4e8f-a1c3-2b9d8e7f6a50">this step</span>';
    const page = await imported(
      '<html><body><div role="main"><h1>Loops</h1>' +
        '<pre><span></span><span class="k">for</span> <span class="n">x</span> <span class="ow">in</span> <span class="n">xs</span><span class="p">:</span></pre>' +
        `<p>Ask ${mention} about <span style="color:red"><span class="pre">break</span></span> in ${thread}.</p>` +
        '</div></body></html>',
    );
    expect(page.html).toBe(`<pre>for x in xs:</pre><p>Ask ${mention} about break in ${thread}.</p>`);
    // A page Readability reads loses its bare spans too.
    const article = await imported(
      '<html><body><h1>Loops</h1>' +
        '<p>A loop repeats a block of code for each item of a list, <span class="n">until</span> the list ends.</p>' +
        '<p>Use <span class="pre">break</span> to leave a loop early, and continue to skip one item of the list.</p>' +
        '</body></html>',
    );
    expect(article.html).not.toContain('<span');
    expect(article.html).toContain('Use break to leave a loop early');
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
