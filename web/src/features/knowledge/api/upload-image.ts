import { uploadKnowledgeImage } from '@common/api/routes';
import { endpointUrl } from '@common/api/client';
import type { UploadedImageDto } from '@common/api/knowledge';
import { uploadWithProgress } from '@/lib/upload-with-progress';

/** POST .../knowledge-images with progress. Rejects with the server's message. */
export function uploadImage(
  accountId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadedImageDto> {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(endpointUrl(uploadKnowledgeImage, { params: { accountId } }), form, onProgress);
}
