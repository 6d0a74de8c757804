import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

// The same on both databases (how the web app's files are served): npm test runs it on PGlite only.

let lore: TestServer;
let webRoot: string;
const script = `console.log(${JSON.stringify('Lore '.repeat(500))});`;

beforeAll(async () => {
  // A built web app as vite writes it: index.html, and a hashed asset with its brotli and gzip copies.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lore-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    `<!doctype html><html lang="en"><title>Lore</title>${'<!-- pad -->'.repeat(200)}</html>`,
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-Ab12Cd34.js.gz'), zlib.gzipSync(script));
  lore = await startTestServer({ webRoot });
});
afterAll(async () => {
  await lore.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A GET with exactly these headers, its body as sent. */
function rawGet(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(new URL(pathname, lore.baseUrl), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the built web app', () => {
  it('sends a hashed asset in the precompressed copy the browser takes, cached for a year', async () => {
    const br = await rawGet('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await rawGet('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await rawGet('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("draws a page in the theme the browser chose, from its theme cookie, and in the system's without one", async () => {
    const page = async (cookie?: string) =>
      zlib
        .brotliDecompressSync((await rawGet('/login', { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) })).body)
        .toString();
    expect(await page('lore-theme=dark')).toContain('<html lang="en" class="dark">');
    expect(await page('lore-theme=light')).toContain('<html lang="en" class="light">');
    expect(await page('lore-theme=system')).toContain('<html lang="en">');
    expect(await page('lore-theme="><script>alert(1)</script>')).toContain('<html lang="en">');
    expect(await page()).toContain('<html lang="en">');
  });

  it('answers a missing asset with a 404, not a page', async () => {
    const missing = await rawGet('/assets/index-Gone1234.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it('answers any other page with index.html, compressed, never cached', async () => {
    const page = await rawGet('/account/x/knowledge', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain('<title>Lore</title>');
  });
});
