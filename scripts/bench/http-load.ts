/**
 * A closed-loop load client: `concurrency` callers, each sending its next request as
 * soon as the last one is answered, for a while; every latency is kept, so the
 * percentiles are exact. Requests go through node:http with keep-alive connections
 * (fetch costs the client more than a small server spends answering).
 */
import http from 'node:http';

export interface LoadResult {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers per second over the whole measurement. */
  rps: number;
}

/** The value below which `share` of the samples fall (nearest rank). */
export function percentile(sorted: number[], share: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;
}

/**
 * Runs `send` from `concurrency` callers for `seconds` (and at least `minSamples`
 * answers, but never past `maxSeconds`). `send` answers the latency to record, or
 * undefined for its own duration.
 */
export async function closedLoop(
  send: () => Promise<number | void>,
  options: { concurrency: number; seconds: number; minSamples?: number; maxSeconds?: number },
): Promise<LoadResult> {
  const { concurrency, seconds, minSamples = 20, maxSeconds = Math.max(20, seconds) } = options;
  const latencies: number[] = [];
  const started = performance.now();
  const caller = async () => {
    for (;;) {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= maxSeconds || (elapsed >= seconds && latencies.length >= minSamples)) return;
      const sent = performance.now();
      const reported = await send();
      latencies.push(typeof reported === 'number' ? reported : performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    rps: sorted.length / elapsed,
  };
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  /** For a stream: the latency recorded is until this text first arrives (the rest is still read). */
  until?: string;
}

/** A client for one server: keep-alive connections, a cookie, and a check that every answer is a 200. */
export function httpClient(baseUrl: string, cookie: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const origin = new URL(baseUrl);
  return {
    send(request: HttpRequest): Promise<number> {
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const sent = performance.now();
      return new Promise((resolve, reject) => {
        const outgoing = http.request(
          {
            agent,
            host: origin.hostname,
            port: origin.port,
            method: request.method,
            path: request.path,
            headers: {
              cookie,
              origin: origin.origin,
              'accept-encoding': 'gzip, br',
              ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
            },
          },
          (response) => {
            let firstMatch: number | undefined;
            let text = '';
            response.setEncoding('latin1');
            response.on('data', (chunk: string) => {
              if (request.until && firstMatch === undefined) {
                text += chunk;
                if (text.includes(request.until)) firstMatch = performance.now() - sent;
              } else if (response.statusCode !== 200 && text.length < 2000) text += chunk;
            });
            response.on('end', () => {
              if (response.statusCode !== 200)
                reject(new Error(`${request.method} ${request.path} answered ${response.statusCode}: ${text}`));
              else if (request.until && firstMatch === undefined)
                reject(new Error(`${request.path} never sent ${JSON.stringify(request.until)}`));
              else resolve(firstMatch ?? performance.now() - sent);
            });
            response.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}
