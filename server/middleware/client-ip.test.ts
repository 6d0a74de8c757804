import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientIp } from './client-ip';

/** An app that answers with the address clientIp decided, and the warnings it logged. */
function appWith(trustProxy: boolean) {
  const warnings: unknown[][] = [];
  const app = new Hono();
  app.use('*', clientIp({ trustProxy, logger: { warn: (...args: unknown[]) => void warnings.push(args) } as never }));
  app.get('*', (c) => c.text(c.req.header(CLIENT_IP_HEADER) ?? 'none'));
  return { app, warnings };
}

const through = (proxyChain: string) => ({ headers: { 'x-forwarded-for': proxyChain } });

describe('clientIp', () => {
  it('behind a trusted proxy takes its last hop', async () => {
    const { app, warnings } = appWith(true);
    expect(await (await app.request('/', through('10.0.0.1, 198.51.100.7'))).text()).toBe('198.51.100.7');
    expect(warnings).toEqual([]);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For, and says once that Lore seems to be behind a proxy', async () => {
    const { app, warnings } = appWith(false);
    expect(await (await app.request('/')).text()).toBe('none');
    expect(warnings).toHaveLength(0);
    expect(await (await app.request('/', through('198.51.100.7'))).text()).toBe('none');
    expect(await (await app.request('/', through('198.51.100.8'))).text()).toBe('none');
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]![1])).toContain('set TRUST_PROXY=true');
  });
});
