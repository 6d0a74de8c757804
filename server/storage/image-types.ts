import { fileTypeFromBuffer } from 'file-type';

import { IMAGE_TYPES } from '../../common/files';

const ALLOWED = new Map<string, string>(IMAGE_TYPES.map((type) => [type.mime, type.ext]));

/** The image's real type and extension from its content, or null when it is not an allowed image. */
export async function detectImageType(data: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(data);
  const ext = type ? ALLOWED.get(type.mime) : undefined;
  return type && ext ? { mime: type.mime, ext } : null;
}
