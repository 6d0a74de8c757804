/**
 * A worker module slow to load, as a thread is on a busy machine (`worker-thread.test.ts`):
 * it listens only after five seconds, then answers each number with its double at once.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { answerMessages } from '../threads/worker-thread';

await wait(5_000);
answerMessages((n: number) => n * 2);
