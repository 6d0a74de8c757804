import { fileTypeFromBuffer } from 'file-type';

/** The image types articles may carry, by the type their bytes reveal. */
const ALLOWED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

/** The image's real type and extension from its content, or null when it is not an allowed image. */
export async function detectImageType(data: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(data);
  const ext = type ? ALLOWED.get(type.mime) : undefined;
  return type && ext ? { mime: type.mime, ext } : null;
}
