/**
 * The first `bytes` bytes of a stream (fewer if it is shorter), and a stream
 * that still gives every byte from the start: a file's type can be judged by
 * its head before the whole file is sent on.
 */
export async function peekStream(
  stream: ReadableStream<Uint8Array>,
  bytes: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  try {
    while (length < bytes) {
      const next = await reader.read();
      if (next.done) {
        ended = true;
        break;
      }
      chunks.push(next.value);
      length += next.value.byteLength;
    }
  } catch (error) {
    reader.releaseLock();
    throw error;
  }
  const whole = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head: Buffer.concat(chunks).subarray(0, bytes), stream: whole };
}
