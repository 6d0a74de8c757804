import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors';

/** Parses input with a schema; the first problem's message becomes a 400. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid input', 'invalid_input');
  return result.data;
}

/** The request body as JSON, or a 400 saying it is not. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw badRequest('The request body must be JSON', 'invalid_json');
  }
}
