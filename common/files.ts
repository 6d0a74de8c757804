/** Where uploaded files live; a stored path starts with the owning account's id. */
export const BUCKETS = ['knowledge-images'] as const;
/** One of BUCKETS. */
export type Bucket = (typeof BUCKETS)[number];
/** The bucket for images inside articles. */
export const KNOWLEDGE_IMAGES_BUCKET: Bucket = 'knowledge-images';

/** The image types articles may carry, by MIME type, with the extension they are stored under. */
export const IMAGE_TYPES = [
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/gif', ext: 'gif' },
  { mime: 'image/webp', ext: 'webp' },
] as const;
/** The MIME types of IMAGE_TYPES, for file pickers and drop checks. */
export const IMAGE_MIME_TYPES: readonly string[] = IMAGE_TYPES.map((type) => type.mime);
/** Largest image upload, in bytes. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Said when an upload is not a PNG, JPEG, GIF or WebP image by its content. */
export const IMAGE_TYPES_MESSAGE = 'Only PNG, JPEG, GIF and WebP images can be uploaded';
/** Said when an upload is over MAX_IMAGE_BYTES. */
export const IMAGE_TOO_LARGE_MESSAGE = `Images must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`;

/** A stored image, to be shown through /api/secureImage. */
export interface UploadedImageDto {
  bucket: string;
  path: string;
  url: string;
}

/** The address a stored file is shown from. */
export const secureImageUrl = (bucket: string, path: string) =>
  `/api/secureImage?bucket=${encodeURIComponent(bucket)}&path=${encodeURIComponent(path)}`;
