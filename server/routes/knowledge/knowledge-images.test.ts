import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createItem, sampleImages, uploadFile } from '../../test/knowledge-factory';
import type { SignedInClient } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();
let owner: SignedInClient;
let outsider: SignedInClient;
let accountId: string;
const upload = (
  client: SignedInClient,
  bytes: Uint8Array,
  name = 'picture.png',
  type = 'image/png',
  account = accountId,
) => uploadFile(client, `/api/accounts/${account}/knowledge-images`, bytes, name, type);
const imageUrl = (p: string) => `/api/secureImage?bucket=knowledge-images&path=${encodeURIComponent(p)}`;

// Every test gets its own account and owner, and an outsider with an account of their own.
beforeEach(async () => {
  const [mine, theirs] = await Promise.all([lore.account(), lore.account()]);
  [accountId, owner, outsider] = [mine.id, mine.owner, theirs.owner];
});

describe('uploading images', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('stores a %s under the account and serves it with its real type', async (kind, mime) => {
    const response = await upload(owner, sampleImages[kind], `upload.${kind}`, mime);
    expect(response.status).toBe(201);
    expect(response.body.data.path.startsWith(`${accountId}/`)).toBe(true);
    expect(response.body.data.url).toBe(imageUrl(response.body.data.path));
    const served = await fetch(new URL(response.body.data.url, lore.baseUrl), { headers: { cookie: cookieOf(owner) } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(mime);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sampleImages[kind]);
  });

  it('judges by content, not by name: renamed HTML and SVG are refused', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    for (const [bytes, name] of [
      [html, 'cat.png'],
      [svg, 'cat.gif'],
      [svg, 'cat.svg'],
    ] as const) {
      const response = await upload(owner, bytes, name, 'image/png');
      expect(response.status).toBe(415);
      expect(response.body.error).toBe('Only PNG, JPEG, GIF and WebP images can be uploaded');
    }
  });

  it('refuses files over 10 MB, empty files and requests without a file', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(sampleImages.png);
    const tooBig = await upload(owner, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('Images must be at most 10 MB');
    expect((await upload(owner, new Uint8Array(0))).status).toBe(400);
    const noFile = await owner.post(`/api/accounts/${accountId}/knowledge-images`, { file: 'x' });
    expect(noFile.status).toBe(400);
  });

  it('answers 401 to anonymous and 404 to non-members', async () => {
    const anonymous = await uploadFile(
      lore.anonymous() as SignedInClient,
      `/api/accounts/${accountId}/knowledge-images`,
      sampleImages.png,
      'a.png',
    );
    expect(anonymous.status).toBe(401);
    expect((await upload(outsider, sampleImages.png)).status).toBe(404);
  });
});

describe('secureImage', () => {
  let stored: string;
  beforeEach(async () => {
    stored = (await upload(owner, sampleImages.png)).body.data.path;
  });

  it('refuses anonymous callers and members of other accounts', async () => {
    expect((await lore.anonymous().get(imageUrl(stored))).status).toBe(401);
    const foreign = await outsider.get(imageUrl(stored));
    // The same answer as for any account the caller is not in: ids reveal nothing.
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Account not found');
    expect(foreign.headers.get('content-type')).toContain('application/json');
  });

  it('answers 404 for a missing file and 400 for unknown buckets and traversal', async () => {
    expect((await owner.get(imageUrl(`${accountId}/missing.png`))).status).toBe(404);
    expect((await owner.get(`/api/secureImage?bucket=avatars&path=${encodeURIComponent(stored)}`)).status).toBe(400);
    for (const bad of [
      `${accountId}/../../secret.png`,
      '../../../etc/passwd',
      `${accountId}/a/../b.png`,
      `/${stored}`,
      `${accountId}%2F..%2Fx.png`,
      '',
    ]) {
      expect((await owner.get(imageUrl(bad))).status).toBe(400);
    }
    expect((await owner.get('/api/secureImage?bucket=knowledge-images')).body.error).toBe('A file path is required');
  });

  it('deleting an item removes its stars, and leaves its images to the clean-up job', async () => {
    const image = (await upload(owner, sampleImages.gif, 'a.gif', 'image/gif')).body.data;
    const item = await createItem(owner, accountId, {
      title: 'With picture',
      content: `<p>x</p><img src="${image.url}" data-path="${image.path}">`,
    });
    await owner.post(`/api/accounts/${accountId}/stars`, { knowledgeId: item.id });
    const file = path.join(lore.deps.env.DATA_DIR, 'files', 'knowledge-images', image.path);
    expect(fs.existsSync(file)).toBe(true);
    expect((await owner.delete(`/api/accounts/${accountId}/knowledge/${item.id}`)).status).toBe(204);
    // Another item may show the same image: server/jobs/clean-up-images.test.ts covers its removal.
    expect(fs.existsSync(file)).toBe(true);
    expect((await owner.get(`/api/accounts/${accountId}/stars`)).body.data).toEqual([]);
    expect((await owner.get(imageUrl(stored))).status).toBe(200);
  });
});

function cookieOf(client: SignedInClient) {
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
