/**
 * PGlite answers in Lore's own process, promise after promise: a chain of its queries
 * (an import, a re-index) never gave Node a turn to read a request, and a health check
 * waited 47 s for an import of 300 pages. Before each connection of such work (not of a
 * request being answered, whose few queries run through as before) PGlite asks for one:
 * none while the event loop turned within the last MAX_BUSY_MS, one turn when it has not.
 */
const MAX_BUSY_MS = 50;

/** When the work since the event loop's last turn began, and whether a turn is awaited to say it happened. */
let busySince = 0;
let turnPending = false;

/** Undefined when the event loop turned lately; else a promise that resolves after one turn. */
export function turnIfBusy(): Promise<void> | undefined {
  const now = performance.now();
  if (!turnPending) {
    // The loop has turned since the last mark: work starts afresh from now.
    turnPending = true;
    busySince = now;
    setImmediate(() => (turnPending = false));
    return undefined;
  }
  if (now - busySince < MAX_BUSY_MS) return undefined;
  return new Promise((resolve) => setImmediate(resolve));
}
