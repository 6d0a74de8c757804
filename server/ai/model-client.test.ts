import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelStandIn, type ModelStandIn } from '../test/model-stand-in';
import { ModelError, chatModel, embeddingModel } from './model-client';

let standIn: ModelStandIn;
beforeAll(async () => {
  standIn = await startModelStandIn({ apiKey: 'sk-test' });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.behave('ok'));

const messages = [
  {
    role: 'user' as const,
    content: 'Passages:\n\n<passage n="1" source="Handbook">\nThe office opens at nine.\n</passage>\n\nQuestion: when?',
  },
];
const collect = async (tokens: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const token of tokens) all.push(token);
  return all;
};

describe('the OpenAI-compatible chat client', () => {
  // A short stall limit only where a stall is the point: elsewhere a busy machine's pause is no stall.
  const model = (stallMs = 5_000) =>
    chatModel({ baseUrl: standIn.baseUrl, apiKey: 'sk-test', model: 'stand-in', stallMs });

  it('streams the tokens of a chat completion', async () => {
    const tokens = await collect(model().stream(messages));
    expect(tokens.length).toBeGreaterThan(2);
    expect(tokens.join('')).toBe('From the workspace: The office opens at nine. [1]');
  });

  it('reads a whole completion', async () => {
    expect(await model().complete(messages)).toBe('From the workspace: The office opens at nine. [1]');
  });

  it('gives up on a stream that stalls', async () => {
    standIn.behave('stall');
    await expect(collect(model(300).stream(messages))).rejects.toThrow(
      new ModelError('The model stopped responding', { timedOut: true }),
    );
  });

  it('counts the wait for the first word as a stall, and says the model was too slow', async () => {
    standIn.behave('late');
    const error = await collect(model(300).stream(messages)).catch((caught: unknown) => caught);
    expect(error).toEqual(new ModelError('The model stopped responding', { timedOut: true }));
    expect((error as ModelError).timedOut).toBe(true);
  });

  it('takes the time the caller has left when it is shorter than its own time-out', async () => {
    standIn.behave('late');
    const error = await collect(model().stream(messages, { timeLeftMs: 300 })).catch((caught: unknown) => caught);
    expect(error).toEqual(new ModelError('The model took too long', { timedOut: true }));
    expect((error as ModelError).timedOut).toBe(true);
  });

  it('reads an HTML page, lines that are not JSON or an empty completion as errors, never as an empty answer', async () => {
    const failures = {
      html: 'The model answered with text/html; charset=utf-8, not an event stream',
      'not-json': 'The model failed: a line that is not JSON',
      'not-sse': 'The model sent lines that are not an event stream',
      empty: 'The model sent an empty answer',
    } as const;
    for (const [behaviour, message] of Object.entries(failures)) {
      standIn.behave(behaviour as keyof typeof failures);
      const error = await collect(model().stream(messages)).catch((caught: unknown) => caught);
      expect(error, behaviour).toEqual(new ModelError(message));
      expect((error as ModelError).timedOut, behaviour).toBe(false);
    }
    standIn.behave('html');
    await expect(model().complete(messages)).rejects.toThrow(
      new ModelError('The model answered with text/html; charset=utf-8, not JSON'),
    );
  });

  it('gives up on a call that takes too long overall', async () => {
    standIn.behave('stall');
    const slow = chatModel({ baseUrl: standIn.baseUrl, apiKey: 'sk-test', model: 'm', timeoutMs: 300, stallMs: 5000 });
    await expect(collect(slow.stream(messages))).rejects.toThrow(
      new ModelError('The model took too long', { timedOut: true }),
    );
  });

  it('reports an error status, an error inside the stream, and a wrong key without leaking it', async () => {
    standIn.behave('fail');
    await expect(collect(model().stream(messages))).rejects.toThrow(
      new ModelError('The model answered with status 500'),
    );
    standIn.behave('fail-midway');
    await expect(collect(model().stream(messages))).rejects.toThrow(
      new ModelError('The model failed: The model crashed'),
    );
    standIn.behave('ok');
    const wrongKey = chatModel({ baseUrl: standIn.baseUrl, apiKey: 'sk-wrong', model: 'm' });
    const error = (await wrongKey.complete(messages).catch((caught: unknown) => caught)) as Error;
    expect(error).toEqual(new ModelError('The model answered with status 401'));
    expect(error.message).not.toContain('sk-wrong');
  });

  it('passes the caller’s abort through', async () => {
    standIn.behave('stall');
    const cancel = new AbortController();
    const reading = collect(model().stream(messages, { signal: cancel.signal }));
    cancel.abort(new Error('cancelled'));
    await expect(reading).rejects.toThrow('cancelled');
  });

  it('reports a server that cannot be reached', async () => {
    const nowhere = chatModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
    await expect(nowhere.complete(messages)).rejects.toBeInstanceOf(ModelError);
  });
});

describe('the OpenAI-compatible embeddings client', () => {
  it('returns one vector per text, in order', async () => {
    const model = embeddingModel({ baseUrl: standIn.baseUrl, apiKey: 'sk-test', model: 'stand-in' });
    const [a, b, c] = await model.embed(['paid holiday days', 'holiday days paid', 'server outage']);
    expect(a).toHaveLength(64);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });
});
