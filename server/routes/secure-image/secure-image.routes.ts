import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, AppDeps } from '../../app-env';
import { currentUser, requireUser } from '../../auth/session-middleware';
import { findMembership } from '../../data/account-members';
import { forbidden, notFound } from '../../errors';
import { BUCKETS } from '../../../common/files';
import { STORED_PATH } from '../../storage/file-store';
import { detectImageType } from '../../storage/image-types';
import { parseInput } from '../../validation';

const querySchema = z.object({
  bucket: z.enum(BUCKETS, { error: 'Unknown bucket' }),
  path: z.string({ error: 'A file path is required' }).regex(STORED_PATH, 'Invalid file path'),
});

/** GET /api/secureImage?bucket&path: a stored file, only for members of the account that owns it. */
export function secureImageRoutes({ database: { db }, files }: AppDeps) {
  return new Hono<AppEnv>().get('/', requireUser, async (c) => {
    const { bucket, path } = parseInput(querySchema, { bucket: c.req.query('bucket'), path: c.req.query('path') });
    const accountId = path.slice(0, path.indexOf('/'));
    if (!(await findMembership(db, accountId, currentUser(c).id))) throw forbidden('You do not have access to this file');
    const data = await files.get(bucket, path);
    if (!data) throw notFound('File not found');
    const type = await detectImageType(data);
    return c.body(data.slice().buffer as ArrayBuffer, 200, {
      'content-type': type?.mime ?? 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-disposition': type ? 'inline' : 'attachment',
      'cache-control': 'private, max-age=3600',
    });
  });
}
