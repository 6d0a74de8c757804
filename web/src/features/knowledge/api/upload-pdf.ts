import { uploadKnowledgePdf } from '@common/api/knowledge-pdfs';
import { endpointUrl } from '@common/api/client';
import type { UploadedPdfDto } from '@common/files';
import { ApiError } from '@/lib/api-client';

/** POST .../knowledge-pdfs with progress: the PDF and its first page's thumbnail. Rejects with the server's message. */
export function uploadPdf(
  accountId: string,
  file: File,
  thumbnail: Blob,
  onProgress: (percent: number) => void,
): Promise<UploadedPdfDto> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpointUrl(uploadKnowledgePdf, { params: { accountId } }));
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { data?: UploadedPdfDto; error?: string; code?: string } | null;
      if (request.status >= 200 && request.status < 300 && body?.data) resolve(body.data);
      else
        reject(new ApiError(request.status, body?.error ?? `Request failed with status ${request.status}`, body?.code));
    };
    request.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    const form = new FormData();
    form.append('file', file);
    form.append('thumbnail', thumbnail, 'thumbnail.webp');
    request.send(form);
  });
}
