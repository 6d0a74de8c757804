import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env';
import { addAnswerHeader, answers, keepJson } from './answers';

const everyAnswer = { 'x-frame-options': 'DENY', 'content-security-policy': "default-src 'self'" };

/** An app answering as Lore's does, with the request's answer header that signed-in API calls get. */
function app() {
  return new Hono<AppEnv>().use('*', answers({ everyAnswer })).use('*', async (c, next) => {
    addAnswerHeader(c, 'Lore-Change-Position', '7');
    await next();
  });
}

describe('answers', () => {
  it('make JSON with every answer’s headers, the request’s and its own, in one set', async () => {
    const response = await app()
      .get('/', (c) => c.json({ ok: true }, 201, { 'Cache-Control': 'no-store', Vary: 'Cookie' }))
      .request('/');
    expect(response.status).toBe(201);
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'application/json',
      'cache-control': 'no-store',
      vary: 'Cookie, Accept-Encoding',
      'lore-change-position': '7',
      ...everyAnswer,
    });
    expect(await response.json()).toEqual({ ok: true });
  });

  it('carry what the route set with c.header before its JSON, cookies and all', async () => {
    const response = await app()
      .get('/', (c) => {
        c.header('Set-Cookie', 'a=1', { append: true });
        c.header('Set-Cookie', 'b=2', { append: true });
        c.header('Connection', 'close');
        return c.json({ ok: true });
      })
      .request('/');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(response.headers.get('connection')).toBe('close');
    expect(response.headers.get('lore-change-position')).toBe('7');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
  });

  it('give JSON the status set with c.status when it has none of its own', async () => {
    const response = await app()
      .get('/', (c) => {
        c.status(202);
        return c.json({ ok: true });
      })
      .request('/');
    expect(response.status).toBe(202);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('lore-change-position')).toBe('7');
  });

  it('leave an answer its own security header, and give it the rest', async () => {
    const response = await app()
      .get('/', (c) => c.body('file', 200, { 'Content-Security-Policy': 'sandbox' }))
      .request('/');
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('lore-change-position')).toBe('7');
  });

  it('put the type a library set before making its answer over the default', async () => {
    const response = await app()
      .get('/', (c) => {
        c.header('Content-Type', 'image/png');
        return c.body(new Uint8Array([1, 2, 3]));
      })
      .request('/');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('compress JSON as the request accepts, and JSON given a whole ResponseInit too', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Item number ${i}` }));
    const routes = app()
      .get('/made', (c) => c.json({ items }, 200))
      .get('/init', (c) => c.json({ items }, { status: 202, headers: { 'Cache-Control': 'no-store' } }));
    for (const path of ['/made', '/init']) {
      const response = await routes.request(path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('lore-change-position')).toBe('7');
      const text = zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
      expect(JSON.parse(text)).toEqual({ items });
    }
    const init = await routes.request('/init', { headers: { 'accept-encoding': 'gzip' } });
    expect(init.status).toBe(202);
    expect(init.headers.get('cache-control')).toBe('no-store');
    expect(init.headers.get('content-encoding')).toBe('gzip');
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    const response = await app()
      .get('/', (c) => c.json({ ok: true }))
      .request('/', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toBe('');
  });

  it('make a kept answer’s JSON once for each encoding, and any other answer’s every time', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ id: i, title: `Item number ${i}` }));
    const kept = keepJson({ data: { items } });
    const other = { data: { items } };
    const routes = app()
      .get('/kept', (c) => c.json(kept, 200))
      .get('/other', (c) => c.json(other, 200));
    const read = async (path: string, encoding?: string) => {
      const response = await routes.request(path, { headers: encoding ? { 'accept-encoding': encoding } : {} });
      const bytes = Buffer.from(await response.arrayBuffer());
      const coding = response.headers.get('content-encoding');
      const text =
        coding === 'br' ? zlib.brotliDecompressSync(bytes) : coding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;
      return JSON.parse(text.toString()).data.items.length;
    };
    for (const encoding of [undefined, 'br', 'gzip']) {
      expect(await read('/kept', encoding)).toBe(100);
      expect(await read('/other', encoding)).toBe(100);
    }
    // Changed after it was sent (a kept answer never is): the kept JSON is what was made.
    items.push({ id: 100, title: 'One more' });
    for (const encoding of [undefined, 'br', 'gzip']) {
      expect(await read('/kept', encoding)).toBe(100);
      expect(await read('/other', encoding)).toBe(101);
    }
  });
});
