import { AVATAR_SIZE } from '../../common/avatars';
import { AppError } from '../errors';
import { loadSharp } from './load-sharp';

/** An image ready to be stored as an avatar. */
export interface AvatarImage {
  data: Uint8Array;
  ext: string;
}

/**
 * Makes the stored avatar from an upload already typed by its content: turned
 * upright (EXIF), cropped to a square of at most AVATAR_SIZE pixels (the first
 * frame of an animation) and re-encoded as WebP, which also drops metadata such
 * as a photo's location. An image that cannot be decoded is refused.
 */
export async function prepareAvatar(upload: AvatarImage): Promise<AvatarImage> {
  const sharp = await loadSharp();
  try {
    const data = await sharp(upload.data)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    return { data: new Uint8Array(data), ext: 'webp' };
  } catch (error) {
    throw new AppError(415, 'unreadable_image', 'This image could not be read. Please try another file.', {
      cause: error,
    });
  }
}
