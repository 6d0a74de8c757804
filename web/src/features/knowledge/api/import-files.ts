import { endpointUrl } from '@common/api/client';
import { importKnowledge } from '@common/api/routes';
import type { ImportLine } from '@common/transfer';
import { ApiError } from '@/lib/api-client';

/** A file to import with its path in the folder it was picked from (its name when picked alone). */
export interface FileToImport {
  file: File;
  path: string;
}

/** Where an import is: sending the files (percent), then documents done of total. */
export type ImportProgress =
  { phase: 'sending'; percent: number } | { phase: 'importing'; done: number; total: number };

/**
 * POST .../imports in one request, so the server sees the whole folder or zip
 * and finds each document's images (decision 17). XMLHttpRequest, not fetch: it
 * reports the upload's progress, then hands over the NDJSON answer line by
 * line as it arrives. Resolves with every line; rejects with the server's message.
 */
export function importFiles(
  accountId: string,
  files: FileToImport[],
  onLine: (line: ImportLine) => void,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportLine[]> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const lines: ImportLine[] = [];
    let read = 0;
    const readLines = () => {
      if (request.status !== 200) return;
      const text = request.responseText;
      const end = text.lastIndexOf('\n') + 1;
      if (end <= read) return;
      for (const raw of text.slice(read, end).split('\n')) {
        if (!raw.trim()) continue;
        const line = JSON.parse(raw) as ImportLine;
        lines.push(line);
        onLine(line);
        if (line.type === 'start') onProgress({ phase: 'importing', done: 0, total: line.total });
        if (line.type === 'file') onProgress({ phase: 'importing', done: line.done, total: line.total });
      }
      read = end;
    };
    request.open('POST', endpointUrl(importKnowledge, { params: { accountId } }));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress({ phase: 'sending', percent: Math.round((event.loaded / event.total) * 100) });
    };
    request.onprogress = readLines;
    request.onload = () => {
      if (request.status !== 200) {
        let body: { error?: string; code?: string } | null = null;
        try {
          body = JSON.parse(request.responseText) as { error?: string; code?: string };
        } catch {
          // Not JSON: a proxy's page, say.
        }
        reject(new ApiError(request.status, body?.error ?? `Import failed with status ${request.status}`, body?.code));
        return;
      }
      readLines();
      const error = lines.find((line) => line.type === 'error');
      if (error) reject(new Error(error.error));
      else resolve(lines);
    };
    request.onerror = () => reject(new Error('The import failed. Check your connection and try again.'));
    const form = new FormData();
    for (const { file, path } of files) {
      form.append('file', file, file.name);
      form.append('path', path);
    }
    request.send(form);
  });
}
