import { ApiError } from './api-client';

/**
 * POSTs a multipart form to `url` with upload progress (fetch cannot report it,
 * XMLHttpRequest can) and resolves with the answer's `data`. Rejects with the
 * server's message as an ApiError, or a connection message.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { data?: T; error?: string; code?: string } | null;
      if (request.status >= 200 && request.status < 300 && body?.data) resolve(body.data);
      else
        reject(new ApiError(request.status, body?.error ?? `Request failed with status ${request.status}`, body?.code));
    };
    request.onerror = () => reject(new Error('The upload failed. Check your connection and try again.'));
    request.send(form);
  });
}
