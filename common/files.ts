/**
 * Where uploaded files live. A stored path starts with its owner's id: the
 * account's for article images, the user's for avatars.
 */
export const BUCKETS = ['knowledge-images', 'avatars', 'knowledge-pdfs'] as const;
/** One of BUCKETS. */
export type Bucket = (typeof BUCKETS)[number];
/** The bucket for images inside articles. */
export const KNOWLEDGE_IMAGES_BUCKET = 'knowledge-images' satisfies Bucket;
/** The bucket for PDFs attached to articles, each with its first page's thumbnail beside it (`{name}_thumb.webp`). */
export const KNOWLEDGE_PDFS_BUCKET = 'knowledge-pdfs' satisfies Bucket;
/** The bucket for profile pictures: one file per user, under `{userId}/`. */
export const AVATARS_BUCKET = 'avatars' satisfies Bucket;

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

/** Largest PDF upload, in bytes. */
export const MAX_PDF_BYTES = 50 * 1024 * 1024;
/** Largest thumbnail sent with a PDF, in bytes (a first page rendered in the browser is far smaller). */
export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
/** Said when an upload is not a PDF that can be read. */
export const PDF_TYPE_MESSAGE = 'Only PDF files can be attached';
/** Said when a PDF is over MAX_PDF_BYTES. */
export const PDF_TOO_LARGE_MESSAGE = `PDFs must be at most ${MAX_PDF_BYTES / 1024 / 1024} MB`;
/** A PDF whose reading ran past the server's time limit (a damaged or crafted file). */
export const PDF_TOO_SLOW_MESSAGE = 'This PDF took too long to read. Try saving it again from its original program.';
/** Said when a PDF's thumbnail is not an image. */
export const THUMBNAIL_TYPE_MESSAGE = 'The thumbnail must be an image';

/** Where a stored PDF's thumbnail lives: beside it, `{name}_thumb.webp`. */
export const pdfThumbnailPath = (pdfPath: string) => pdfPath.replace(/\.pdf$/, '_thumb.webp');

/** A stored file's path: `{accountId}/{name}.{ext}`, nothing that could climb out of its bucket. */
export const STORED_PATH =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]{1,100}\.[a-z0-9]{2,5}$/;

/** The account a stored file belongs to: the first segment of its path. */
export const accountIdOfStoredPath = (path: string) => path.slice(0, Math.max(0, path.indexOf('/')));

/** The address a stored file is shown from. */
export const secureImageUrl = (bucket: string, path: string) =>
  `/api/secureImage?bucket=${encodeURIComponent(bucket)}&path=${encodeURIComponent(path)}`;
