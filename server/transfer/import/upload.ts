import { Readable } from 'node:stream';
import Busboy from '@fastify/busboy';
import { badRequest } from '../../errors';
import type { ImportEntry } from './sources';

const INVALID_UPLOAD_MESSAGE = 'Send the files as multipart form data in the field "file"';

/**
 * The files of an import's upload (multipart fields "file", each with its folder path in the
 * "path" field of the same rank, else its own name), read as the body arrives. Parsed whole by
 * `Request.formData()`, a thousand pages (94 MB) held Lore's thread for over a second after
 * they had arrived, and every other request waited (decision 57); busboy parses each chunk
 * of the body as it comes, at a sixth of the work.
 */
export async function readImportUpload(request: Request): Promise<ImportEntry[]> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!request.body || !/^multipart\/form-data\b/i.test(contentType)) throw invalidUpload();
  const files: Array<Promise<{ name: string; data: Uint8Array }>> = [];
  const paths: string[] = [];
  await new Promise<void>((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      // The file's name as sent, folders and all, as formData() gave it.
      parser = Busboy({ headers: { 'content-type': contentType }, preservePath: true });
    } catch {
      reject(invalidUpload());
      return;
    }
    parser.on('file', (field, stream, name) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      files.push(
        new Promise((done) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => done({ name, data: Buffer.concat(chunks) }));
          // A body cut short in a file fails the whole upload; a promise of the file's own that
          // nobody awaited would be an unhandled rejection, which ends Lore's process.
          stream.on('error', () => reject(invalidUpload()));
        }),
      );
    });
    parser.on('field', (field, value) => {
      if (field === 'path') paths.push(value);
    });
    parser.on('finish', resolve);
    parser.on('error', () => reject(invalidUpload()));
    const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream);
    body.on('error', () => reject(invalidUpload()));
    body.pipe(parser);
  });
  return (await Promise.all(files)).map((file, index) => ({ path: paths[index] || file.name, data: file.data }));
}

const invalidUpload = () => badRequest(INVALID_UPLOAD_MESSAGE, 'invalid_upload');
