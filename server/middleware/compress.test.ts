import http from 'node:http';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createItem } from '../test/knowledge-factory';
import { useTestServer } from '../test/use-test-server';
import { chooseEncoding } from './compress';

// The same on both databases (how answers are compressed): npm test runs it on PGlite only.

const lore = useTestServer();

/** A GET with exactly these headers (fetch would add and undo its own Accept-Encoding), its body left as sent. */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(new URL(path, lore.baseUrl), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('compressed answers', () => {
  it('sends JSON in brotli or gzip as the client accepts, the same JSON once decoded', async () => {
    const { id, owner } = await lore.account();
    for (let i = 0; i < 5; i++)
      await createItem(owner, id, {
        title: `Item ${i}`,
        content: `<p>${'Plenty of words to compress. '.repeat(20)}</p>`,
      });
    const path = `/api/accounts/${id}/knowledge`;
    const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const plain = await rawGet(path, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const json = JSON.parse(plain.body.toString());
    expect(json.data.items).toHaveLength(5);

    const br = await rawGet(path, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(json);

    const gz = await rawGet(path, { cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(json);
  });

  it('compresses JSON too large for the request thread after the route, the same JSON once decoded', async () => {
    const plain = await rawGet('/api/openapi.json', {});
    expect(plain.body.length).toBeGreaterThan(64 * 1024);
    const br = await rawGet('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("keeps a route's status, headers and refusals on compressed JSON", async () => {
    const { id, owner } = await lore.account();
    await createItem(owner, id, { title: 'Long', content: `<p>${'Words to compress. '.repeat(200)}</p>` });
    const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const missing = await rawGet(`/api/accounts/${id}/knowledge/AAAAAAAA`, { cookie, 'accept-encoding': 'gzip' });
    expect(missing.status).toBe(404);
    const list = await rawGet(`/api/accounts/${id}/knowledge`, { cookie, 'accept-encoding': 'gzip' });
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toBe('application/json');
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(zlib.gunzipSync(list.body).toString()).data.items[0].title).toBe('Long');
  });

  it('leaves small answers and refusals as they are', async () => {
    const health = await rawGet('/api/health', { 'accept-encoding': 'br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toBeTruthy();
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});
