import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../test/use-test-server';

// The same on both databases (how an error is answered): npm test runs it on PGlite only.

const lore = useTestServer();

describe('an error nobody expected', () => {
  it("answers 500 'An unexpected error occurred' and keeps the details to the log", async () => {
    const { id: accountId, owner } = await lore.account();
    const failing = vi.spyOn(lore.deps.files, 'stream').mockRejectedValue(new Error('disk on fire at /srv/secret'));
    try {
      const path = `${accountId}/${crypto.randomUUID()}.png`;
      const answer = await owner.get(`/api/secureImage?bucket=knowledge-images&path=${encodeURIComponent(path)}`);
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: 'An unexpected error occurred', code: 'internal' });
      expect(JSON.stringify(answer.body)).not.toContain('disk');
    } finally {
      failing.mockRestore();
    }
  });
});
