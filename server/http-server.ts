import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';

export interface RunningServer {
  port: number;
  /** Stops accepting connections and waits for in-flight requests (at most `graceMs`). */
  close(graceMs?: number): Promise<void>;
}

/** Serves a fetch handler over HTTP; resolves once listening. */
export function listen(
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>,
  options: { port: number; hostname?: string },
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch, port: options.port, hostname: options.hostname }, (info: AddressInfo) => {
      resolve({ port: info.port, close: (graceMs = 10_000) => closeGracefully(server as Server, graceMs) });
    });
    server.once('error', reject);
  });
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
