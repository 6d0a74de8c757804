import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';

/** Handles a request to switch protocols (a WebSocket: live co-editing, decision 34). */
export type UpgradeListener = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface RunningServer {
  port: number;
  /** Hands requests to switch protocols to `listener`; until then (and for any other server) they are refused. */
  onUpgrade(listener: UpgradeListener): void;
  /** Stops accepting connections and waits for in-flight requests (at most `graceMs`). */
  close(graceMs?: number): Promise<void>;
}

/**
 * The most of a request body Lore reads and throws away after answering before reading
 * it, above the largest body it takes (an import: 200 MB of files in their envelope);
 * past it, or past DISCARD_MAX_MS, the connection is closed.
 */
const DISCARD_MAX_BYTES = 256 * 1024 * 1024;
const DISCARD_MAX_MS = 60_000;

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default races its
 * clients: a request sent on a connection the server is closing that moment is reset
 * (ECONNRESET), which a loaded machine made happen to tests. Longer than the 60 s a
 * proxy in front usually keeps its side open, so the proxy always closes first.
 */
const KEEP_ALIVE_MS = 65_000;

/** Serves a fetch handler over HTTP; resolves once listening. */
export function listen(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  options: { port: number; hostname?: string },
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server: ServerType = serve(
      {
        fetch,
        port: options.port,
        hostname: options.hostname,
        // @hono/node-server's own clean-up closes the connection 500 ms after such an answer; see below.
        autoCleanupIncoming: false,
        createServer: ((serverOptions: ServerOptions, listener: RequestListener) =>
          createServer(serverOptions, discardingUnreadBodies(listener))) as typeof createServer,
      },
      (info: AddressInfo) => {
        resolve({
          port: info.port,
          onUpgrade: (listener) => (upgrade = listener),
          close: (graceMs = 10_000) => closeGracefully(server as Server, graceMs),
        });
      },
    );
    (server as Server).keepAliveTimeout = KEEP_ALIVE_MS;
    // A request's headers may take as long as an idle connection may wait (Node wants it the longer).
    (server as Server).headersTimeout = KEEP_ALIVE_MS + 1_000;
    let upgrade: UpgradeListener = (_incoming, socket) => socket.destroy();
    server.on('upgrade', (incoming: IncomingMessage, socket: Duplex, head: Buffer) => upgrade(incoming, socket, head));
    server.once('error', reject);
  });
}

/**
 * An answer sent before the request's body was read (a body over its limit, an upload
 * without a session) while the client is still sending: closing the connection then
 * resets it, and a client busy sending loses the answer with it (ECONNRESET, "fetch
 * failed"). So the rest of the body is read and thrown away, up to a bound, and the
 * connection lives on for the client's next request.
 */
function discardingUnreadBodies(listener: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    outgoing.once('finish', () => {
      if (!incoming.complete) discardRest(incoming);
    });
    listener(incoming, outgoing);
  };
}

function discardRest(incoming: IncomingMessage) {
  let bytes = 0;
  const giveUp = () => incoming.socket?.destroy();
  const timer = setTimeout(giveUp, DISCARD_MAX_MS);
  timer.unref();
  // Whatever was reading the body (the app's request stream) will never read again.
  incoming.removeAllListeners('data');
  incoming.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DISCARD_MAX_BYTES) giveUp();
  });
  incoming.once('close', () => clearTimeout(timer));
  incoming.resume();
}

function closeGracefully(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
