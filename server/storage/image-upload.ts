import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPES_MESSAGE, MAX_IMAGE_BYTES } from '../../common/files';
import { AppError, badRequest } from '../errors';
import { detectImageType } from './image-types';

const tooLarge = () => new AppError(413, 'too_large', IMAGE_TOO_LARGE_MESSAGE);
const notAFile = () => badRequest('Send the image as multipart form data in the field "file"', 'invalid_upload');
/** Room for the multipart envelope around a file of the maximum size. */
const ENVELOPE_BYTES = 64 * 1024;

/** The body limit of an image upload route: an image of MAX_IMAGE_BYTES in its envelope. */
export const limitImageUpload = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + ENVELOPE_BYTES,
  onError: () => {
    throw tooLarge();
  },
});

/** The image in the multipart field `file`, typed by its content; 400, 413 or 415 otherwise. */
export async function readImageUpload(c: Context): Promise<{ data: Uint8Array; mime: string; ext: string }> {
  const body = await c.req.parseBody().catch(() => {
    throw notAFile();
  });
  const file = body.file;
  if (!(file instanceof File)) throw notAFile();
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  if (file.size === 0) throw badRequest('The image is empty', 'invalid_upload');
  const data = new Uint8Array(await file.arrayBuffer());
  const type = await detectImageType(data);
  if (!type) throw new AppError(415, 'unsupported_type', IMAGE_TYPES_MESSAGE);
  return { data, ...type };
}
