import { performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';

/**
 * Requests before background work (decision 48). Work nobody waits for (an import's
 * documents) runs at Lore's full speed while nobody else is using Lore; while someone is,
 * it rests after each piece as long as the piece kept Lore's thread busy, so everyone else
 * gets at least half of the thread. A request that arrives while such work runs waits for
 * the thread, and on PGlite for the transaction in progress (one connection, in Lore's own
 * thread): an import that never rested kept every other request waiting (p50 70 ms, p99 600 ms).
 */

/** Someone answered this recently is taken to be still using Lore (a page's next requests are on their way). */
const RECENT_MS = 1000;

export function createRequestsFirst() {
  let answering = 0;
  let lastAnswered = -Infinity;
  const othersUsingLore = () => answering > 0 || lastAnswered + RECENT_MS > performance.now();

  return {
    /** Middleware counting the requests being answered; an answer that streams counts until it begins. */
    count: (async (_c, next) => {
      answering++;
      try {
        await next();
      } finally {
        answering--;
        lastAnswered = performance.now();
      }
    }) satisfies MiddlewareHandler,

    /**
     * Whether someone else is using Lore: a request is being answered, or was a moment ago. The
     * background work's own request counts until its answer begins streaming, and a second after.
     */
    othersUsingLore,

    /**
     * Runs a piece of background work, then rests while someone else is using Lore, at most as
     * long as Lore's thread was busy during the piece (with the piece's own work and with any
     * request answered meanwhile; waiting on PostgreSQL or a worker thread does not count);
     * answers at once when nobody is.
     */
    async sharing<T>(piece: () => Promise<T>): Promise<T> {
      const before = performance.eventLoopUtilization();
      const result = await piece();
      const restUntil = performance.now() + performance.eventLoopUtilization(before).active;
      for (;;) {
        const now = performance.now();
        if (!othersUsingLore() || now >= restUntil) return result;
        // Look again once the last answer is no longer recent, or soon while a request is being answered.
        const next = Math.min(restUntil, answering > 0 ? now + 10 : lastAnswered + RECENT_MS);
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, next - now)));
      }
    },
  };
}

export type RequestsFirst = ReturnType<typeof createRequestsFirst>;
