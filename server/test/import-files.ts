import { strToU8 } from 'fflate';
import type { ImportLine } from '../../common/transfer';
import type { TestClient } from './http-client';

/** A file to import: its path in the folder or zip, and its bytes (text is sent as UTF-8). */
export type SentFile = { path: string; data: Uint8Array | string };

const cookiesOf = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Sends files to the import as the browser does; answers the status and the NDJSON lines (or the error body). */
export async function importFiles(client: TestClient, accountId: string, files: SentFile[]) {
  const form = new FormData();
  for (const file of files) {
    const bytes = typeof file.data === 'string' ? strToU8(file.data) : file.data;
    form.append('file', new Blob([bytes.slice().buffer as ArrayBuffer]), file.path.split('/').pop()!);
    form.append('path', file.path);
  }
  const response = await fetch(new URL(`/api/accounts/${accountId}/imports`, client.baseUrl), {
    method: 'POST',
    headers: { origin: client.baseUrl, cookie: cookiesOf(client) },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, lines: [] as ImportLine[], error: JSON.parse(text) };
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ImportLine);
  return { status: response.status, lines, error: undefined };
}

/** What became of each file, by its path. */
export const filesByPath = (lines: ImportLine[]) =>
  new Map(lines.flatMap((line) => (line.type === 'file' ? [[line.file.path, line.file] as const] : [])));

/** The import's last line, its totals. */
export const doneLine = (lines: ImportLine[]) => {
  const done = lines.find((line) => line.type === 'done');
  if (done?.type !== 'done') throw new Error(`The import did not finish: ${JSON.stringify(lines.at(-1))}`);
  return done;
};
