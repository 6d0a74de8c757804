import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { bodyTooLargeMessage, MAX_BODY_BYTES } from './middleware/body-limit';
import { useTestServer } from './test/use-test-server';

// The same on both databases (HTTP connections): npm test runs it on PGlite only.

/**
 * Answers sent before a request's body is read (a body over its limit, a missing
 * session): the client, still sending, must receive the status and message, never a
 * reset connection. Each client sends its body over more than a second, as a slow
 * upload does; the server answers long before it ends.
 */
const lore = useTestServer();

const CHUNKS = 24;
const CHUNK_BYTES = 128 * 1024;
/** The pause between two chunks of a slow upload (its pace, not a wait for anything). */
const PACE_MS = 60;
const pause = () => new Promise((resolve) => setTimeout(resolve, PACE_MS));
const bodyBytes = CHUNKS * CHUNK_BYTES;
const signInPath = '/api/auth/sign-in/magic-link';
const tooLarge = { error: bodyTooLargeMessage(MAX_BODY_BYTES), code: 'too_large' };

/** A body sent slowly, chunk by chunk, as a ReadableStream for fetch. */
function slowBody() {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent++ === CHUNKS) return controller.close();
      await pause();
      controller.enqueue(new Uint8Array(CHUNK_BYTES).fill(32));
    },
  });
}

/** The first whole HTTP/1.1 answer in `text` (one with a Content-Length), and what follows it; undefined until it is whole. */
function firstAnswer(text: string) {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const head = text.slice(0, headEnd);
  const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1]);
  const body = text.slice(headEnd + 4);
  if (!(body.length >= length)) return undefined;
  return { status: Number(head.split(' ')[1]), body: body.slice(0, length), rest: body.slice(length) };
}

/**
 * A plain HTTP/1.1 client on one socket that sends a whole request (its body slowly)
 * before it reads anything, as a busy or simple client does; then reads the answer and
 * asks for /api/health on the same connection.
 */
function sendThenRead(path: string, headers: Record<string, string>) {
  return new Promise<{ first: { status: number; body: string }; second: { status: number } }>((resolve, reject) => {
    const url = new URL(lore.baseUrl);
    const socket = net.connect(Number(url.port), url.hostname);
    socket.pause();
    let received = '';
    let first: { status: number; body: string } | undefined;
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      received += chunk.toString();
      const answer = firstAnswer(received);
      if (!answer) return;
      if (!first) {
        first = answer;
        received = answer.rest;
        socket.write(`GET /api/health HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`);
        if (!firstAnswer(received)) return;
      }
      socket.destroy();
      resolve({ first, second: firstAnswer(received)! });
    });
    socket.on('end', () => reject(new Error(`The connection ended after: ${received}`)));
    socket.on('connect', async () => {
      const head = Object.entries({ host: url.host, 'content-length': String(bodyBytes), ...headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
      for (let i = 0; i < CHUNKS; i++) {
        await pause();
        if (!socket.write(Buffer.alloc(CHUNK_BYTES, 32))) await new Promise((drained) => socket.once('drain', drained));
      }
      socket.resume();
    });
  });
}

describe('an answer sent before the request body is read', () => {
  it('reaches a client that reads only once it has sent everything, and the connection stays usable', async () => {
    const { first, second } = await sendThenRead(signInPath, {
      'content-type': 'application/json',
      origin: lore.baseUrl,
    });
    expect([first.status, JSON.parse(first.body)]).toEqual([413, tooLarge]);
    expect(second.status).toBe(200);
  });

  it('reaches fetch uploading slowly: a body over the limit is told 413, an upload without a session 401', async () => {
    const { id } = await lore.account();
    const over = await fetch(new URL(signInPath, lore.baseUrl), {
      method: 'POST',
      headers: { origin: lore.baseUrl, 'content-type': 'application/json', 'content-length': String(bodyBytes) },
      body: slowBody(),
      duplex: 'half',
    } as RequestInit);
    expect([over.status, await over.json()]).toEqual([413, tooLarge]);
    const anonymous = await fetch(new URL(`/api/accounts/${id}/knowledge-images`, lore.baseUrl), {
      method: 'POST',
      headers: { origin: lore.baseUrl, 'content-type': 'multipart/form-data; boundary=x' },
      body: slowBody(),
      duplex: 'half',
    } as RequestInit);
    expect([anonymous.status, ((await anonymous.json()) as { code: string }).code]).toEqual([401, 'unauthenticated']);
  });

  it('reaches a node:http request that streams its body', async () => {
    const url = new URL(signInPath, lore.baseUrl);
    const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const request = http.request(url, {
        method: 'POST',
        headers: { origin: lore.baseUrl, 'content-type': 'application/json', 'content-length': bodyBytes },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      });
      request.on('error', reject);
      void (async () => {
        for (let i = 0; i < CHUNKS; i++) {
          await pause();
          request.write(Buffer.alloc(CHUNK_BYTES, 32));
        }
        request.end();
      })();
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([413, tooLarge]);
  });
});

describe('kept-alive connections', () => {
  it("an idle connection is still open past Node's 5 s default, and takes the next request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = http.get(`${lore.baseUrl}/api/health`, { agent }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve({ status: answer.statusCode!, reused: request.reusedSocket }));
        });
        request.on('error', reject);
      });
    expect(await get()).toEqual({ status: 200, reused: false });
    // Idle for longer than Node's default keep-alive and its 1 s grace (the time it is idle is what is tested).
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(await get()).toEqual({ status: 200, reused: true });
    agent.destroy();
  });
});
