import { z } from 'zod';
import { dataOf, defineEndpoint, ok } from './define';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['reachable', 'unreachable']),
});

/** GET /api/health: is Lore up and can it reach its database? */
export const getHealth = defineEndpoint('public', {
  method: 'get',
  path: '/api/health',
  tags: ['System'],
  summary: 'Health of Lore and its database',
  responses: {
    200: ok(healthSchema, 'Lore and its database are up'),
    503: ok(healthSchema, 'The database cannot be reached'),
  },
});

/** GET /api/sign-in-options: which sign-in buttons the login page shows. */
export const getSignInOptions = defineEndpoint('public', {
  method: 'get',
  path: '/api/sign-in-options',
  tags: ['Sign-in'],
  summary: 'Which sign-in providers are configured',
  responses: { 200: ok(dataOf(z.object({ google: z.boolean(), apple: z.boolean() })), 'The providers') },
});
