import { uploadKnowledgeImage } from '@common/api/knowledge';
import { endpointUrl } from '@common/api/client';
import type { UploadedImageDto } from '@common/files';
import { ApiError } from '@/lib/api-client';

/**
 * POST .../knowledge-images with progress (fetch cannot report upload
 * progress, XMLHttpRequest can). Rejects with the server's message.
 */
export function uploadImage(
  accountId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadedImageDto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpointUrl(uploadKnowledgeImage, { params: { accountId } }));
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { data?: UploadedImageDto; error?: string; code?: string } | null;
      if (request.status >= 200 && request.status < 300 && body?.data) resolve(body.data);
      else
        reject(new ApiError(request.status, body?.error ?? `Request failed with status ${request.status}`, body?.code));
    };
    request.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
