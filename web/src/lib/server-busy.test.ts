import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithSession } from './api-client';
import { forgetServerBusy, serverBusySeconds } from './server-busy';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetServerBusy();
});

const answering = (status: number, headers: Record<string, string> = {}) =>
  vi.stubGlobal('fetch', async () => new Response('{}', { status, headers }));

describe("the 'Lore is busy' countdown", () => {
  it('starts on a 503 with Retry-After, and on a 429 with it for a read', async () => {
    answering(503, { 'retry-after': '20' });
    await fetchWithSession('/api/accounts', { method: 'POST' });
    expect(serverBusySeconds()).toBe(20);
    forgetServerBusy();
    answering(429, { 'retry-after': '8' });
    await fetchWithSession('/api/accounts', {});
    expect(serverBusySeconds()).toBe(8);
  });

  it("does not start on a write's own 429 (a lockout, too many changes), nor without Retry-After", async () => {
    answering(429, { 'retry-after': '30' });
    await fetchWithSession('/api/me/two-factor/verify', { method: 'POST' });
    expect(serverBusySeconds()).toBe(0);
    answering(503);
    await fetchWithSession('/api/accounts', {});
    expect(serverBusySeconds()).toBe(0);
  });

  it('is set anew by each busy answer: the latest Retry-After counts', async () => {
    answering(503, { 'retry-after': '20' });
    await fetchWithSession('/api/accounts', {});
    answering(503, { 'retry-after': '5' });
    await fetchWithSession('/api/accounts', {});
    expect(serverBusySeconds()).toBe(5);
  });
});
