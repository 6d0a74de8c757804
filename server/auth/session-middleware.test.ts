import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../test/http-client';
import { startOverHttpAndHttps, type TestServer } from '../test/test-server';

let plain: TestServer;
let secure: TestServer;

beforeAll(async () => {
  [plain, secure] = await startOverHttpAndHttps();
});
afterAll(() => Promise.all([plain.close(), secure.close()]));

/** A client sending `user`'s session under `name`, the cookie's name changed. */
function renamedSession(lore: TestServer, user: TestClient, name: string) {
  const client = new TestClient(lore.baseUrl);
  client.cookies.set(name, [...user.cookies.values()][0]!);
  return client;
}

describe('the session cookie', () => {
  it('is the one better-auth sets: lore.session_token over http, __Secure-lore.session_token over https', async () => {
    const overHttp = await plain.user();
    const overHttps = await secure.user();
    expect([...overHttp.cookies.keys()]).toEqual(['lore.session_token']);
    expect([...overHttps.cookies.keys()]).toEqual(['__Secure-lore.session_token']);
    expect((await overHttp.get('/api/me')).status).toBe(200);
    expect((await overHttps.get('/api/me')).status).toBe(200);
  });

  it('signs nobody in under the other name, even once its own name was read', async () => {
    for (const [lore, otherName] of [
      [plain, '__Secure-lore.session_token'],
      [secure, 'lore.session_token'],
    ] as const) {
      const user = await lore.user();
      expect((await user.get('/api/me')).status).toBe(200);
      expect((await renamedSession(lore, user, otherName).get('/api/me')).status).toBe(401);
    }
  });

  it('keeps a session under the cookie it was read from, whatever other cookies come with it', async () => {
    const [ada, bob] = await Promise.all([plain.user(), plain.user()]);
    const adaToken = ada.cookies.get('lore.session_token')!;
    // Ada's token under the https name first, Bob's under the one better-auth reads: Bob is who asks.
    const both = new TestClient(plain.baseUrl);
    both.cookies.set('__Secure-lore.session_token', adaToken);
    both.cookies.set('lore.session_token', bob.cookies.get('lore.session_token')!);
    expect((await both.get('/api/me')).body.data.id).toBe(bob.userId);
    // Ada's own request, within the seconds a session is kept, is still Ada's.
    expect((await ada.get('/api/me')).body.data.id).toBe(ada.userId);
  });

  it('is the first of its name when a request carries two, as better-auth reads it', async () => {
    const [ada, bob] = await Promise.all([plain.user(), plain.user()]);
    const tokenOf = (user: TestClient) => user.cookies.get('lore.session_token')!;
    const headers = { cookie: `lore.session_token=${tokenOf(ada)}; lore.session_token=${tokenOf(bob)}` };
    expect((await plain.anonymous().get('/api/me', headers)).body.data.id).toBe(ada.userId);
    expect((await bob.get('/api/me')).body.data.id).toBe(bob.userId);
  });
});
