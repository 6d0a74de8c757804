import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { TestClient } from './http-client';

/** One server-sent event as the page receives it: unnamed events are `message`. */
export interface ReceivedEvent {
  event: string;
  data: any;
}

/**
 * POSTs JSON to an event-stream endpoint as `client` and reads the events as
 * they arrive. `onEvent` may abort through `signal`; the answer resolves with
 * what was read by then. Errors before the stream come back as status and body.
 */
export async function readEventStream(
  client: TestClient,
  path: string,
  json: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal; onEvent?: (event: ReceivedEvent) => void } = {},
) {
  const headers: Record<string, string> = {
    ...client.callerHeaders(),
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...options.headers,
  };
  const response = await fetch(new URL(path, client.baseUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify(json),
    signal: options.signal,
  });
  const events: ReceivedEvent[] = [];
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { status: response.status, headers: response.headers, body: (await response.json()) as any, events };
  }
  const reader = response
    .body!.pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const event = { event: value.event ?? 'message', data: JSON.parse(value.data) };
      events.push(event);
      options.onEvent?.(event);
    }
  } catch (error) {
    if (!options.signal?.aborted) throw error;
  }
  return { status: response.status, headers: response.headers, body: null as any, events };
}
