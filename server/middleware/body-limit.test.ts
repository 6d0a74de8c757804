import { describe, expect, it } from 'vitest';
import { sampleImages, uploadFile } from '../test/knowledge-factory';
import { useTestServer } from '../test/use-test-server';
import { CONTENT_MAX_LENGTH } from '../../common/knowledge';
import { ARTICLE_MAX_BODY_BYTES, bodyTooLargeMessage } from './body-limit';

// The same on both databases (request bodies, refused before any query): npm test runs it on PGlite only.

const lore = useTestServer();

const MB = 1024 * 1024;
const tooLarge = { error: 'The request body must be at most 1 MB', code: 'too_large' };
const signInPath = '/api/auth/sign-in/magic-link';
/** A sign-in request padded with `padding` characters of a name, as JSON text. */
const paddedSignIn = (padding: number) =>
  JSON.stringify({ email: `big-${crypto.randomUUID()}@example.com`, name: 'x'.repeat(padding) });

/** Sends `text` in chunks with no Content-Length, so only counting while it streams in can stop it. */
async function postChunked(path: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  const chunk = 64 * 1024;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
  const response = await fetch(new URL(path, lore.baseUrl), {
    method: 'POST',
    headers: { origin: lore.baseUrl, 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: await response.json().catch(() => null) };
}

describe('request body limit', () => {
  it('answers a JSON body over 1 MB to an anonymous endpoint with 413 and a message', async () => {
    const response = await lore.anonymous().request('POST', signInPath, {
      headers: { 'content-type': 'application/json' },
      json: JSON.parse(paddedSignIn(MB + 1)),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(tooLarge);
  });

  it('stops a streamed body without a Content-Length once it passes 1 MB', async () => {
    const response = await postChunked(signInPath, paddedSignIn(3 * MB));
    expect(response.status).toBe(413);
    expect(response.body).toEqual(tooLarge);
  });

  it('answers an over-large body to a signed-in API route with 413', async () => {
    const user = await lore.user();
    const response = await user.patch('/api/me/profile', { full_name: 'x'.repeat(MB + 1) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(tooLarge);
  });

  it('still takes normal bodies, sent whole or streamed', async () => {
    const email = `normal-${crypto.randomUUID()}@example.com`;
    const asked = await lore.anonymous().post(signInPath, { email, callbackURL: '/auth/callback' });
    expect(asked.status).toBe(200);
    const user = await lore.user();
    expect((await user.patch('/api/me/profile', { full_name: 'Ada Lovelace' })).status).toBe(200);
    const streamed = await postChunked(
      signInPath,
      JSON.stringify({ email: `streamed-${crypto.randomUUID()}@example.com` }),
    );
    expect(streamed.status).toBe(200);
  });

  it('lets an article of the longest allowed content in any script through, to be refused only past its length', async () => {
    const { id, owner } = await lore.account();
    // Three bytes a character in UTF-8: the longest allowed content is then 1.5 MB of body.
    const longest = '€'.repeat(CONTENT_MAX_LENGTH - '<p></p>'.length);
    const saved = await owner.post(`/api/accounts/${id}/knowledge`, { title: 'Long', content: `<p>${longest}</p>` });
    expect(saved.status).toBe(201);
    const tooLong = await owner.post(`/api/accounts/${id}/knowledge`, {
      title: 'Long',
      content: `<p>${longest}xx</p>`,
    });
    expect([tooLong.status, tooLong.body.error]).toEqual([
      400,
      'The content is too long: at most 500,000 characters, formatting included',
    ]);
    const huge = await owner.post(`/api/accounts/${id}/knowledge`, {
      title: 'Huge',
      content: 'x'.repeat(ARTICLE_MAX_BODY_BYTES),
    });
    expect([huge.status, huge.body.error]).toEqual([413, bodyTooLargeMessage(ARTICLE_MAX_BODY_BYTES)]);
  });

  it('leaves image uploads to their own limit: a 3 MB image is stored', async () => {
    const { id, owner } = await lore.account();
    const image = new Uint8Array(3 * MB);
    image.set(sampleImages.png);
    const response = await uploadFile(owner, `/api/accounts/${id}/knowledge-images`, image, 'big.png', 'image/png');
    expect(response.status).toBe(201);
  });
});
