/** An image ready to be stored as an avatar. */
export interface AvatarImage {
  data: Uint8Array;
  ext: string;
}

/**
 * Makes the stored avatar from an upload already typed by its content. Meant to
 * scale it down to an AVATAR_SIZE square; that needs an image codec (sharp or
 * @napi-rs/canvas), which Lore does not carry yet, so until one is added the
 * image is kept as uploaded (at most MAX_IMAGE_BYTES) and browsers scale it.
 */
export async function prepareAvatar(upload: AvatarImage): Promise<AvatarImage> {
  return upload;
}
