import { describe, expect, it } from 'vitest';
import { peekStream } from './peek-stream';

/** A stream giving these chunks, which notes whether it was cancelled. */
function streamOf(chunks: number[][]) {
  const state = { cancelled: false };
  let next = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(new Uint8Array(chunks[next++]!));
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}
const bytesOf = async (stream: ReadableStream<Uint8Array>) => [
  ...new Uint8Array(await new Response(stream).arrayBuffer()),
];

describe('peekStream', () => {
  it('gives the first bytes across chunks, and a stream with every byte from the start', async () => {
    const { head, stream } = await peekStream(streamOf([[1, 2], [3, 4, 5], [6]]).stream, 3);
    expect([...head]).toEqual([1, 2, 3]);
    expect(await bytesOf(stream)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives all there is when the stream is shorter than asked', async () => {
    const { head, stream } = await peekStream(streamOf([[1], [2]]).stream, 10);
    expect([...head]).toEqual([1, 2]);
    expect(await bytesOf(stream)).toEqual([1, 2]);
    const empty = await peekStream(streamOf([]).stream, 10);
    expect([...empty.head]).toEqual([]);
    expect(await bytesOf(empty.stream)).toEqual([]);
  });

  it('cancels the source when the new stream is cancelled', async () => {
    const source = streamOf([[1, 2], [3], [4]]);
    const { stream } = await peekStream(source.stream, 1);
    await stream.cancel();
    expect(source.state.cancelled).toBe(true);
  });
});
