import { describe, expect, it, vi } from 'vitest';
import { ANSWER_NOTICES, REQUEST_ID_HEADER, type KnowledgeMap, type RelatedItem } from '@common/ai-search';
import { AI_SEARCH_MESSAGES } from './messages';
import { AiSearchError, isAbort, runAiSearch, type AiSearchOptions } from './search-stream';

const accountId = '7f1d2c3e-1111-4222-8333-944455556666';
const knowledgeMap: KnowledgeMap = {
  '1': { knowledgeId: 'a1b2c3d4-1111-4222-8333-944455556666', shortId: 'Ab3_x-9Z', title: 'Paid holiday' },
};
const item: RelatedItem = { ...knowledgeMap['1']!, heading: 'Allowance', passage: 'You get 25 days.', score: 3.2 };

/** An SSE event as the server writes it; no name means an unnamed data event. */
const sse = (name: string | undefined, data: unknown) =>
  `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/** A response body the test writes to as it goes, and a fetch that answers with it and records the request. */
function fakeServer(status = 200) {
  const encoder = new TextEncoder();
  let body!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => void (body = controller),
    cancel: () => void (cancelled = true),
  });
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    requests.push({ url: String(url), init });
    return new Response(status === 200 ? stream : 'failed', { status });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    write: (text: string | Uint8Array) => body.enqueue(typeof text === 'string' ? encoder.encode(text) : text),
    end: () => body.close(),
    get cancelled() {
      return cancelled;
    },
  };
}

/** Runs a search and records what each handler saw, in order. */
function search(server: ReturnType<typeof fakeServer>, options: Partial<AiSearchOptions> = {}) {
  const seen: unknown[] = [];
  const done = runAiSearch({
    accountId,
    query: 'how many vacation days do I get',
    fetch: server.fetch,
    handlers: {
      onStart: (map) => seen.push(['start', map]),
      onUpdate: (map, items) => seen.push(['update', map, items]),
      onText: (text) => seen.push(['text', text]),
      onRawMarkdown: (markdown) => seen.push(['rawMarkdown', markdown]),
      onNotice: (notice) => seen.push(['notice', notice]),
    },
    ...options,
  });
  return { seen, done };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runAiSearch', () => {
  it('posts the question as the contract says and hands on each event in order, until done', async () => {
    const server = fakeServer();
    const { seen, done } = search(server);
    const stream =
      sse('start', { requestId: 'r1', knowledgeMap }) +
      sse('update', { knowledgeMap, items: [item] }) +
      sse(undefined, { text: 'You get 25 days — ' }) +
      sse(undefined, { text: 'of paid holiday [1].' }) +
      sse(undefined, { rawMarkdown: 'You get 25 days — of paid holiday [1].' }) +
      sse('done', {});
    // Bytes arrive in pieces that cut events, and the dash's three bytes, in half.
    const bytes = new TextEncoder().encode(stream);
    for (let at = 0; at < bytes.length; at += 7) {
      server.write(bytes.slice(at, at + 7));
      await tick();
    }
    await done;

    expect(seen).toEqual([
      ['start', knowledgeMap],
      ['update', knowledgeMap, [item]],
      ['text', 'You get 25 days — '],
      ['text', 'of paid holiday [1].'],
      ['rawMarkdown', 'You get 25 days — of paid holiday [1].'],
    ]);
    const [request] = server.requests;
    expect(request?.url).toBe('/api/aiKnowledgeSearch');
    expect(request?.init.method).toBe('POST');
    expect(request?.init.credentials).toBe('same-origin');
    const headers = new Headers(request?.init.headers);
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(request?.init.body))).toEqual({ accountId, query: 'how many vacation days do I get' });
  });

  it('ignores events it does not know and resolves when the stream simply ends', async () => {
    const server = fakeServer();
    const { seen, done } = search(server);
    server.write(sse('progress', { percent: 50 }) + ': keep-alive\n\n' + sse(undefined, { text: 'Hi' }));
    server.end();
    await done;
    expect(seen).toEqual([['text', 'Hi']]);
  });

  it('hands on a notice that the items answer, restart and all', async () => {
    const server = fakeServer();
    const { seen, done } = search(server);
    const notice = { reason: 'model_error', message: ANSWER_NOTICES.model_error, restart: true };
    server.write(
      sse(undefined, { text: 'The model be' }) +
        sse('notice', notice) +
        sse(undefined, { text: 'You get 25 days [1]' }) +
        sse('done', {}),
    );
    await done;
    expect(seen).toEqual([
      ['text', 'The model be'],
      ['notice', notice],
      ['text', 'You get 25 days [1]'],
    ]);
  });

  it("rejects with the error event's message", async () => {
    const server = fakeServer();
    const { done } = search(server);
    server.write(sse('start', { requestId: 'r1', knowledgeMap }) + sse('error', { message: 'The model failed' }));
    const error = await failureOf(done);
    expect(error).toBeInstanceOf(AiSearchError);
    expect((error as Error).message).toBe('The model failed');
  });

  it('rejects an event that does not match the contract', async () => {
    const server = fakeServer();
    const { done } = search(server);
    server.write(sse('update', { items: 'none' }));
    expect(((await failureOf(done)) as Error).message).toBe('Unreadable update event in the answer');
  });

  it.each([
    [400, 'Invalid request. Please check your search query and try again.'],
    [401, 'Authentication error. Please log in again.'],
    [403, 'Authentication error. Please log in again.'],
    [404, 'No knowledge found matching your query.'],
    [500, 'Server error. The AI search service is temporarily unavailable.'],
    [504, 'Request timeout. The AI search is taking too long to respond.'],
    [502, 'Server error: 502'],
  ])('turns HTTP %i before the stream into the spec text', async (status, message) => {
    const error = await failureOf(search(fakeServer(status)).done);
    expect(error).toBeInstanceOf(AiSearchError);
    expect(error).toMatchObject({ message, status });
  });

  it('says when the answer has no body', async () => {
    const fetch = (async () => new Response(null, { status: 200 })) as typeof globalThis.fetch;
    const error = await failureOf(search(fakeServer(), { fetch }).done);
    expect((error as Error).message).toBe(AI_SEARCH_MESSAGES.noBody);
  });

  it('says the server could not be reached when fetch itself fails', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch;
    const error = await failureOf(search(fakeServer(), { fetch }).done);
    expect((error as Error).message).toBe(AI_SEARCH_MESSAGES.unreachable);
  });

  it('gives up on a stream that goes quiet for the stall time, and stops the request', async () => {
    const server = fakeServer();
    const { seen, done } = search(server, { limits: { timeoutMs: 5_000, stallMs: 80 } });
    await tick();
    server.write(sse('start', { requestId: 'r1', knowledgeMap }));
    await tick(50);
    server.write(sse(undefined, { text: 'Still ' })); // within the stall time: the clock starts again
    await tick(50);
    server.write(sse(undefined, { text: 'here' }));
    const error = await failureOf(done);
    expect((error as Error).message).toBe(AI_SEARCH_MESSAGES.stalled);
    expect(seen).toHaveLength(3);
    expect(server.requests[0]?.init.signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(server.cancelled).toBe(true));
  });

  it('gives up after the overall time-out even while bytes keep coming', async () => {
    const server = fakeServer();
    const { done } = search(server, { limits: { timeoutMs: 200, stallMs: 80 } });
    const keepAlive = setInterval(() => server.write(': keep-alive\n\n'), 30);
    const error = await failureOf(done);
    clearInterval(keepAlive);
    expect((error as Error).message).toBe(AI_SEARCH_MESSAGES.timedOut);
    expect(server.requests[0]?.init.signal?.aborted).toBe(true);
  });

  it("rejects with the caller's abort and stops the request when cancelled mid-stream", async () => {
    const server = fakeServer();
    const cancel = new AbortController();
    const { seen, done } = search(server, { signal: cancel.signal });
    server.write(sse(undefined, { text: 'Part' }));
    await tick(20);
    cancel.abort();
    const error = await failureOf(done);
    expect(isAbort(error)).toBe(true);
    expect(seen).toEqual([['text', 'Part']]);
    expect(server.requests[0]?.init.signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(server.cancelled).toBe(true));
  });

  it('does not ask at all when already cancelled', async () => {
    const server = fakeServer();
    const cancel = new AbortController();
    cancel.abort();
    expect(isAbort(await failureOf(search(server, { signal: cancel.signal }).done))).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});
