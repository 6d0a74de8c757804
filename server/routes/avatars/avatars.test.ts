import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_URL_LIFETIME_SECONDS, isAvatarUrlExpired } from '../../../common/avatars';
import { sampleImages, uploadFile } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();

afterEach(() => vi.useRealTimers());

const uploadAvatar = (client: SignedInClient, bytes: Uint8Array, name = 'me.png', type = 'image/png') =>
  uploadFile(client, '/api/me/avatar', bytes, name, type);

/** Fetches an avatar URL as `client` would (with its cookies). */
async function fetchAvatar(client: SignedInClient, url: string) {
  return client.get(url);
}

/** The query of a signed URL, to be taken apart. */
const paramsOf = (url: string) => new URL(url, 'http://lore.test').searchParams;

/** The URL with one query parameter changed. */
function withParam(url: string, name: string, value: string) {
  const parsed = new URL(url, 'http://lore.test');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

describe('uploading an avatar', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)(
    'takes a %s, keeps it (as WebP) in the avatars bucket under the user and shows it through a signed URL',
    async (kind, mime) => {
      const person = await lore.user();
      const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa5533' } })
        .toFormat(kind)
        .toBuffer();
      const uploaded = await uploadAvatar(person, new Uint8Array(picture), `me.${kind}`, mime);
      expect(uploaded.status).toBe(200);
      const url = uploaded.body.data.profile.avatar_url as string;
      expect(url).toMatch(/^\/api\/avatarImage\?bucket=avatars&path=[^&]+&token=[\w-]{43}&expires=\d+$/);
      const params = paramsOf(url);
      expect(params.get('path')!.startsWith(`${person.userId}/`)).toBe(true);
      const expiresIn = Number(params.get('expires')) - Date.now() / 1000;
      expect(expiresIn).toBeGreaterThan(AVATAR_URL_LIFETIME_SECONDS - 3600);
      expect(expiresIn).toBeLessThanOrEqual(AVATAR_URL_LIFETIME_SECONDS);

      const served = await fetch(new URL(url, lore.baseUrl), { headers: { cookie: cookieOf(person) } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await sharp(new Uint8Array(await served.arrayBuffer())).metadata()).format).toBe('webp');
      expect((await person.get('/api/me')).body.data.profile.avatar_url).toBe(url);
    },
  );

  it('scales a large picture down to a square of 256 pixels, upright and without its metadata', async () => {
    const person = await lore.user();
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3355aa' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Secret place' } } })
      .toBuffer();
    const uploaded = await uploadAvatar(person, new Uint8Array(photo), 'photo.jpg', 'image/jpeg');
    expect(uploaded.status).toBe(200);
    const served = await fetch(new URL(uploaded.body.data.profile.avatar_url, lore.baseUrl), {
      headers: { cookie: cookieOf(person) },
    });
    const stored = new Uint8Array(await served.arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height, metadata.format, metadata.exif]).toEqual([256, 256, 'webp', undefined]);
    expect(stored.length).toBeLessThan(photo.length);
  });

  it('refuses an image that claims a type by its first bytes but cannot be read', async () => {
    const person = await lore.user();
    const broken = new Uint8Array([...sampleImages.png.slice(0, 16), ...new Uint8Array(64)]);
    const uploaded = await uploadAvatar(person, broken, 'broken.png', 'image/png');
    expect([uploaded.status, uploaded.body.error]).toEqual([
      415,
      'This image could not be read. Please try another file.',
    ]);
    expect((await person.get('/api/me')).body.data.profile.avatar_url).toBeNull();
  });

  it('judges by content, not by name: a text file named .png is refused and nothing is kept', async () => {
    const person = await lore.user();
    const text = new TextEncoder().encode('just some words, not a picture');
    const refused = await uploadAvatar(person, text, 'me.png', 'image/png');
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual({
      error: 'Only PNG, JPEG, GIF and WebP images can be uploaded',
      code: 'unsupported_type',
    });
    expect((await person.get('/api/me')).body.data.profile.avatar_url).toBeNull();
    expect(await lore.deps.files.listFolder('avatars', person.userId)).toEqual([]);
  });

  it('refuses a request without a file', async () => {
    const person = await lore.user();
    const response = await person.post('/api/me/avatar', { file: 'nothing' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_upload');
  });

  it('replacing an avatar removes the old file, and its URL stops working', async () => {
    const person = await lore.user();
    const first = (await uploadAvatar(person, sampleImages.png)).body.data.profile.avatar_url as string;
    const second = (await uploadAvatar(person, sampleImages.gif, 'me.gif', 'image/gif')).body.data.profile
      .avatar_url as string;
    expect(paramsOf(second).get('path')).not.toBe(paramsOf(first).get('path'));
    const stored = await lore.deps.files.listFolder('avatars', person.userId);
    expect(stored.map((file) => file.path)).toEqual([paramsOf(second).get('path')]);
    expect(await lore.deps.files.get('avatars', paramsOf(first).get('path')!)).toBeNull();
    const old = await fetchAvatar(person, first);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ error: 'Avatar not found', code: 'not_found' });
    expect((await fetchAvatar(person, second)).status).toBe(200);
  });

  it('removing the avatar clears the profile and deletes the file', async () => {
    const person = await lore.user();
    const url = (await uploadAvatar(person, sampleImages.png)).body.data.profile.avatar_url as string;
    const removed = await person.delete('/api/me/avatar');
    expect(removed.status).toBe(200);
    expect(removed.body.data.profile.avatar_url).toBeNull();
    expect(await lore.deps.files.listFolder('avatars', person.userId)).toEqual([]);
    expect((await fetchAvatar(person, url)).status).toBe(404);
  });
});

describe('signed avatar URLs', () => {
  it('are refused once expired (7 days), and the API hands out a fresh one that works', async () => {
    const person = await lore.user();
    const url = (await uploadAvatar(person, sampleImages.png)).body.data.profile.avatar_url as string;
    expect(isAvatarUrlExpired(url)).toBe(false);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Number(paramsOf(url).get('expires')) * 1000 + 1000);
    expect(isAvatarUrlExpired(url)).toBe(true);
    // Sessions last about as long as the URL, so the viewer signs in after the jump: a teammate of the person.
    const teammate = await lore.user();
    await lore.createAccount(person.userId, 'Shared', [{ userId: teammate.userId, role: 'member' }]);
    const expired = await fetchAvatar(teammate, url);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({ error: 'This avatar link has expired', code: 'url_expired' });

    const renewed = (await teammate.get(`/api/users/${person.userId}/avatar`)).body.data.avatar_url as string;
    expect(renewed).not.toBe(url);
    expect(paramsOf(renewed).get('path')).toBe(paramsOf(url).get('path'));
    expect(isAvatarUrlExpired(renewed)).toBe(false);
    expect((await fetchAvatar(teammate, renewed)).status).toBe(200);
  });

  it('are refused when tampered with: token, expiry, or a path the token was not made for', async () => {
    const [person, other] = await Promise.all([lore.user(), lore.user()]);
    const url = (await uploadAvatar(person, sampleImages.png)).body.data.profile.avatar_url as string;
    const otherUrl = (await uploadAvatar(other, sampleImages.gif, 'o.gif', 'image/gif')).body.data.profile
      .avatar_url as string;
    const token = paramsOf(url).get('token')!;
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const laterExpiry = String(Number(paramsOf(url).get('expires')) + 365 * 86_400);
    for (const tampered of [
      withParam(url, 'token', flipped),
      withParam(url, 'expires', laterExpiry),
      withParam(url, 'path', paramsOf(otherUrl).get('path')!),
    ]) {
      const refused = await fetchAvatar(person, tampered);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'This avatar link is not valid', code: 'invalid_token' });
    }
    const malformed = await fetchAvatar(person, withParam(url, 'token', 'short'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('This avatar link is not valid');
    const otherBucket = await fetchAvatar(person, withParam(url, 'bucket', 'knowledge-images'));
    expect(otherBucket.status).toBe(400);
  });

  it('need a signed-in caller', async () => {
    const person = await lore.user();
    const url = (await uploadAvatar(person, sampleImages.png)).body.data.profile.avatar_url as string;
    expect((await lore.anonymous().get(url)).status).toBe(401);
  });
});

describe("who gets a person's avatar URL", () => {
  it('the person and members of a shared workspace do; a stranger gets no URL', async () => {
    const workspace = await lore.account({ roles: ['member'] });
    const [teammate] = workspace.members;
    const stranger = await lore.user();
    const url = (await uploadAvatar(teammate, sampleImages.png)).body.data.profile.avatar_url as string;
    const path = paramsOf(url).get('path');

    for (const viewer of [teammate, workspace.owner]) {
      const answer = await viewer.get(`/api/users/${teammate.userId}/avatar`);
      expect(answer.status).toBe(200);
      expect(paramsOf(answer.body.data.avatar_url).get('path')).toBe(path);
      expect((await fetchAvatar(viewer, answer.body.data.avatar_url)).status).toBe(200);
    }

    const refused = await stranger.get(`/api/users/${teammate.userId}/avatar`);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'User not found', code: 'not_found' });
    expect(JSON.stringify(refused.body)).not.toContain(path);
    expect((await stranger.get(`/api/users/${crypto.randomUUID()}/avatar`)).status).toBe(404);
    const strangersList = await stranger.get(`/api/getAccountUsers?accountId=${workspace.id}`);
    expect(strangersList.status).toBe(404);
  });

  it('the users list shows each member with an avatar through a signed URL', async () => {
    const workspace = await lore.account({ roles: ['member'] });
    const [teammate] = workspace.members;
    await uploadAvatar(teammate, sampleImages.png);
    const list = await workspace.owner.get(`/api/getAccountUsers?accountId=${workspace.id}`);
    expect(list.status).toBe(200);
    const rows = list.body.data.members as Array<{ user_id: string; profiles: { avatar_url: string | null } }>;
    const byId = new Map(rows.map((row) => [row.user_id, row.profiles.avatar_url]));
    expect(byId.get(workspace.owner.userId)).toBeNull();
    const url = byId.get(teammate.userId)!;
    expect(paramsOf(url).get('path')!.startsWith(`${teammate.userId}/`)).toBe(true);
    const served = await fetchAvatar(workspace.owner, url);
    expect(served.status).toBe(200);
  });
});

function cookieOf(client: SignedInClient) {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
