import { describe, expect, it } from 'vitest';
import { WorkerThread } from './worker-thread';

class TooLong extends Error {}

/** The fixture thread: five seconds to load, then each answer at once. */
const slowToStart = () =>
  new WorkerThread<number, number>(
    { callerUrl: new URL('../test/', import.meta.url).href, name: 'slow-start-worker', heapMb: 64 },
    () => new TooLong(),
  );

describe('a worker thread', () => {
  it("counts a piece's time limit from when its thread has loaded, not from its start", async () => {
    const thread = slowToStart();
    // The thread takes five seconds to load; the work, none. A limit of three seconds is the work's.
    await expect(thread.run(21, 3_000)).resolves.toBe(42);
    await expect(thread.run(4, 3_000)).resolves.toBe(8);
  });
});
