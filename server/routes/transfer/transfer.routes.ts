import { bodyLimit } from 'hono/body-limit';
import * as api from '../../../common/api/transfer';
import { IMPORT_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES, type ImportLine } from '../../../common/transfer';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership } from '../../auth/guards';
import { findAccount } from '../../data/accounts';
import { notFound, payloadTooLarge } from '../../errors';
import { accountPolicy } from '../../policies/account-policy';
import { authorize } from '../../policies/authorize';

/**
 * Import and export, with the libraries only they use (HTML and Markdown parsers, Readability,
 * Turndown, zip), load with the first import or export: most processes never need them.
 */
const loadImport = () =>
  Promise.all([
    import('../../transfer/import/sources'),
    import('../../transfer/import/run-import'),
    import('../../transfer/import/upload'),
  ]);
const loadExport = () => import('../../transfer/export-workspace');

/** Room for the multipart envelope of up to MAX_IMPORT_FILES parts around MAX_IMPORT_BYTES of files. */
const ENVELOPE_BYTES = 4 * 1024 * 1024;

/** The body limit of an import: MAX_IMPORT_BYTES of files in their envelope. */
export const limitImport = bodyLimit({
  maxSize: MAX_IMPORT_BYTES + ENVELOPE_BYTES,
  onError: () => {
    throw payloadTooLarge(IMPORT_TOO_LARGE_MESSAGE);
  },
});

/** /api/accounts/:accountId/imports (documents in) and /export (the workspace out, as a zip). */
export function transferRoutes(deps: AppDeps) {
  const { database, logger } = deps;
  return createRouter(deps)
    .openapi({ ...api.importKnowledge, middleware: [limitImport] }, async (c) => {
      const { accountId, userId, role } = currentMembership(c);
      authorize(accountPolicy.import, { role });
      const [{ collectEntries }, { runImport }, { readImportUpload }] = await loadImport();
      // Limits and unreadable zips are refused before anything is written.
      const entries = await collectEntries(await readImportUpload(c.req.raw));
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          let open = true;
          const send = (line: ImportLine) => {
            if (!open) return;
            try {
              controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
            } catch {
              // The reader left; the import goes on, each item whole.
              open = false;
            }
          };
          runImport(deps, { accountId, userId, role, entries, onLine: send })
            .catch((error: unknown) => {
              logger.error({ err: error, accountId }, 'An import stopped');
              send({ type: 'error', error: 'The import stopped unexpectedly' });
            })
            .finally(() => {
              if (open) controller.close();
            });
        },
      });
      const answer = c.body(stream, 200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
      });
      // @hono/zod-openapi types any `*json` answer as c.json of its schema; NDJSON lines are a stream of text.
      return answer as never;
    })
    .openapi(api.exportWorkspace, async (c) => {
      const { accountId, role } = currentMembership(c);
      authorize(accountPolicy.export, { role });
      const account = await findAccount(database.db, accountId);
      if (!account) throw notFound('Account not found');
      const day = new Date().toISOString().slice(0, 10);
      const filename = `lore-export-${day}.zip`;
      const { exportWorkspace } = await loadExport();
      return c.body(exportWorkspace(deps, account), 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      });
    });
}
