import { z } from 'zod';
import { defineEndpoint, ok } from './define';

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
