import { getSecureImage } from '../../../common/api/files';
import { KNOWLEDGE_PDFS_BUCKET, accountIdOfStoredPath } from '../../../common/files';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { pdfFilename } from '../../data/knowledge-pdfs';
import { currentMembership } from '../../auth/guards';
import { fileHiddenFrom, readScopeOf } from '../../data/collection-access';
import { notFound } from '../../errors';
import { detectImageType } from '../../storage/image-types';
import { peekStream } from '../../storage/peek-stream';
import { looksLikePdf } from '../../storage/pdf';

/** Enough of a file's start to tell its type (file-type's own sample size). */
const SNIFF_BYTES = 4100;

/**
 * A stored file is never a page of Lore's: opened directly, a PDF (or anything
 * else) runs in a sandbox, with no script and no access to Lore's origin.
 */
const FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** `attachment; filename=...` with the name as ASCII and, when it is not, in UTF-8 (RFC 6266). */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** GET /api/secureImage?bucket&path: a stored file, only for members of the account that owns it (the guard checks). */
export function secureImageRoutes(deps: AppDeps) {
  const {
    files,
    database: { db },
  } = deps;
  return createRouter(deps).openapi(getSecureImage, async (c) => {
    const { bucket, path } = c.req.valid('query');
    // A file only items of collections hidden from the caller show is not found for them (decision 35).
    if (await fileHiddenFrom(db, await readScopeOf(db, currentMembership(c)), path)) throw notFound('File not found');
    const file = await files.stream(bucket, path);
    if (!file) throw notFound('File not found');
    // The type is judged by the first bytes; the rest goes out as it is read, so a 50 MB PDF is never held whole.
    const { head, stream } = await peekStream(file.body, SNIFF_BYTES);
    try {
      const headers = {
        'x-content-type-options': 'nosniff',
        'content-security-policy': FILE_CSP,
        'cache-control': 'private, max-age=3600',
        'content-length': String(file.size),
      };
      if (bucket === KNOWLEDGE_PDFS_BUCKET && path.endsWith('.pdf') && looksLikePdf(head)) {
        const filename = (await pdfFilename(db, accountIdOfStoredPath(path), path)) ?? 'document.pdf';
        return c.body(stream, 200, {
          ...headers,
          'content-type': 'application/pdf',
          'content-disposition': attachmentDisposition(filename),
        });
      }
      const type = await detectImageType(head);
      return c.body(stream, 200, {
        ...headers,
        'content-type': type?.mime ?? 'application/octet-stream',
        'content-disposition': type ? 'inline' : 'attachment',
      });
    } catch (error) {
      await stream.cancel();
      throw error;
    }
  });
}
