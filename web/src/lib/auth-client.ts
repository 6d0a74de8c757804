import { createAuthClient } from 'better-auth/react';
import { magicLinkClient } from 'better-auth/client/plugins';

/**
 * better-auth's browser client, talking to /api/auth on this origin: for signing
 * in and out. Kept apart from the session check (lib/session.ts), which every page
 * needs first, so its code loads only with the pages that sign in or out.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [magicLinkClient()],
});
