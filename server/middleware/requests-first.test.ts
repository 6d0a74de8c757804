import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createRequestsFirst } from './requests-first';

/** Keeps Lore's thread busy for `ms`, as a document's sanitizing and indexing do. */
function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** An app whose one route is answered when `answer` is called, and a request to it being answered. */
function requestHeldOpen(requestsFirst: ReturnType<typeof createRequestsFirst>) {
  let answer = () => {};
  let entered = () => {};
  const inHandler = new Promise<void>((resolve) => (entered = resolve));
  const app = new Hono().use('*', requestsFirst.count).get('/held', async (c) => {
    entered();
    await new Promise<void>((resolve) => (answer = resolve));
    return c.text('answered');
  });
  const response = app.request('/held');
  return { inHandler, answer: () => answer(), response };
}

describe('requests first', () => {
  it('runs background work at full speed while nobody else is using Lore', async () => {
    const requestsFirst = createRequestsFirst();
    let settled = false;
    const shared = requestsFirst
      .sharing(async () => {
        busyFor(20);
        return 'imported';
      })
      .then((value) => ((settled = true), value));
    // No rest: it is done within the same turn of the event loop, before any timer.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(settled).toBe(true);
    expect(await shared).toBe('imported');
  });

  it('rests while a request is being answered, as long as the piece kept the thread busy, not until the request ends', async () => {
    const requestsFirst = createRequestsFirst();
    const held = requestHeldOpen(requestsFirst);
    await held.inHandler;
    let pieceEnded = 0;
    const value = await requestsFirst.sharing(async () => {
      busyFor(150);
      pieceEnded = performance.now();
      return 'imported';
    });
    // The request is still being answered: the rest ended because it had lasted as long as the piece.
    expect(value).toBe('imported');
    expect(performance.now() - pieceEnded).toBeGreaterThanOrEqual(140);
    held.answer();
    expect(await (await held.response).text()).toBe('answered');
  });
});
