import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in behaves on its next calls. */
export type StandInBehaviour =
  /** Answers normally. */
  | 'ok'
  /** Sends a first token, then nothing, keeping the connection open (embeddings: no answer at all). */
  | 'stall'
  /** Answers 500 before any stream (embeddings: 500 too). */
  | 'fail'
  /** Starts a stream, then sends an error inside it. */
  | 'fail-midway'
  /** Holds its answer, headers and all, until the stand-in closes: a model far slower than any time-out. */
  | 'late'
  /** Answers 200 with an HTML error page, as a proxy in front of a model that is down does. */
  | 'html'
  /** Answers 200 with an event stream whose data lines are not JSON. */
  | 'not-json'
  /** Answers 200 as an event stream, but with bare JSON lines (as Ollama's own API does), not `data:` lines. */
  | 'not-sse'
  /** Streams a well-formed completion with no text in it. */
  | 'empty';

interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content: string }>;
}

/** Dimensions of the stand-in's embeddings. */
export const STAND_IN_DIMENSIONS = 64;

/**
 * An in-process stand-in for an OpenAI-compatible model server: chat
 * completions (streamed as `data: {choices:[{delta}]}` ... `data: [DONE]`, or
 * whole) and embeddings, over real HTTP. Its replies follow from the prompt:
 * it quotes the first line of the first numbered passage it was given, with its
 * citation, so tests can check what reached the model and what came back.
 */
export async function startModelStandIn(options: { apiKey?: string } = {}) {
  let behaviour: StandInBehaviour = 'ok';
  const requests: Array<{ path: string; authorization?: string; body: unknown }> = [];
  const open = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const body = JSON.parse(await readBody(req)) as unknown;
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendJson(res, 401, { error: { message: 'Invalid API key' } });
    }
    if (req.url === '/v1/embeddings') {
      if (behaviour === 'fail') return sendJson(res, 500, { error: { message: 'The model is overloaded' } });
      if (behaviour === 'stall') {
        // Never answers; the caller's time-out must end the wait.
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      const { input } = body as { input: string[] };
      return sendJson(res, 200, {
        object: 'list',
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedText(text) })),
      });
    }
    if (req.url !== '/v1/chat/completions') return sendJson(res, 404, { error: { message: 'Not found' } });
    if (behaviour === 'fail') return sendJson(res, 500, { error: { message: 'The model is overloaded' } });
    if (behaviour === 'late') {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    if (behaviour === 'html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
    }
    if (behaviour === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.end('data: Internal Server Error\n\ndata: please try again later\n\n');
    }
    if (behaviour === 'not-sse') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.end(`${JSON.stringify({ message: { role: 'assistant', content: 'Hello' }, done: false })}\n`);
    }
    if (behaviour === 'empty') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return res.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {} }] })}\n\ndata: [DONE]\n\n`);
    }

    const request = body as ChatRequest;
    const reply = replyTo(request);
    if (!request.stream) {
      return sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: reply } }] });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open.add(res);
    res.on('close', () => open.delete(res));
    const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    const tokens = reply.split(/(?<= )/);
    for (const [i, token] of tokens.entries()) {
      if (res.destroyed) return;
      send({ choices: [{ index: 0, delta: { content: token } }] });
      if (behaviour === 'stall' && i === 0) return; // keeps the connection open, silent
      if (behaviour === 'fail-midway' && i === 0) {
        send({ error: { message: 'The model crashed' } });
        return res.end();
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    send('[DONE]');
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The base URL to configure as AI_BASE_URL. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Streams still open: a cancelled answer must close its model stream. */
    openStreams: () => open.size,
    behave(next: StandInBehaviour) {
      behaviour = next;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ModelStandIn = Awaited<ReturnType<typeof startModelStandIn>>;

/**
 * A reply drawn from the prompt: the first passage's first line, cited, or a
 * plain echo. Like a naive model, it obeys any line of the prompt that says
 * "ignore the instructions above": it repeats the line and cites a source [9]
 * it was never given, as a prompt injection would have a model do.
 */
function replyTo(request: ChatRequest): string {
  const prompt = request.messages.map((message) => message.content).join('\n');
  const passage = /<passage n="(\d+)"[^>]*>\n([^\n]+)/.exec(prompt);
  const injected = /^.*ignore the instructions above.*$/im.exec(prompt)?.[0];
  const obeyed = injected ? ` As instructed: ${injected.trim()} [9]` : '';
  if (passage) return `From the workspace: ${passage[2]!.trim()} [${passage[1]}]${obeyed}`;
  const last = request.messages.at(-1)?.content ?? '';
  return `Stand-in reply to: ${last.slice(0, 200)}`;
}

/** A deterministic unit vector: each word adds to a few hashed dimensions, so texts sharing words lie close. */
export function embedText(text: string): number[] {
  const vector = new Array<number>(STAND_IN_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0;
    vector[hash % STAND_IN_DIMENSIONS]! += 1;
    vector[(hash >>> 8) % STAND_IN_DIMENSIONS]! += 0.5;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data || '{}'));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
