import { uploadKnowledgePdf } from '@common/api/routes';
import { endpointUrl } from '@common/api/client';
import type { UploadedPdfDto } from '@common/api/knowledge-pdfs';
import { uploadWithProgress } from '@/lib/upload-with-progress';

/** POST .../knowledge-pdfs with progress: the PDF and its first page's thumbnail. Rejects with the server's message. */
export function uploadPdf(
  accountId: string,
  file: File,
  thumbnail: Blob,
  onProgress: (percent: number) => void,
): Promise<UploadedPdfDto> {
  const form = new FormData();
  form.append('file', file);
  form.append('thumbnail', thumbnail, 'thumbnail.webp');
  return uploadWithProgress(endpointUrl(uploadKnowledgePdf, { params: { accountId } }), form, onProgress);
}
