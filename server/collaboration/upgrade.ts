import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Collaboration } from './collaboration';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * The HTTP server's `upgrade` listener (decision 34): the request goes through the whole app as any
 * request does (session, guards, the collaboration route's checks); one the route admitted becomes a
 * socket, any other gets the app's answer (401, 403, 404, 426...) and the connection is closed.
 */
export function upgradeToCollaboration(fetch: Fetch, collaboration: Collaboration, baseUrl: string) {
  return async (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    }
    const request = new Request(new URL(incoming.url ?? '/', baseUrl), { method: 'GET', headers });
    let answer: Response;
    try {
      answer = await fetch(request, { incoming });
    } catch {
      answer = new Response(null, { status: 500 });
    }
    if (answer.ok && collaboration.upgrade(request, incoming, socket, head)) return;
    const body = Buffer.from(await answer.arrayBuffer().catch(() => new ArrayBuffer(0)));
    const type = answer.headers.get('content-type');
    const encoding = answer.headers.get('content-encoding');
    socket.end(
      Buffer.concat([
        Buffer.from(
          `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n` +
            (type ? `Content-Type: ${type}\r\n` : '') +
            (encoding ? `Content-Encoding: ${encoding}\r\n` : '') +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        ),
        body,
      ]),
    );
  };
}
