import { describe, expect, it } from 'vitest';
import { readImportUpload } from './upload';

/** A multipart upload of `files` as a browser sends it: its bytes and its content type (with the boundary). */
async function upload(files: Record<string, string>) {
  const form = new FormData();
  for (const [name, text] of Object.entries(files)) form.append('file', new Blob([text]), name);
  const encoded = new Response(form);
  return { bytes: new Uint8Array(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

const requestOf = (bytes: Uint8Array, type: string) =>
  new Request('http://lore.test/api/accounts/a/imports', {
    method: 'POST',
    body: bytes,
    headers: { 'content-type': type },
  });

describe('reading an import upload', () => {
  it('refuses a body cut short inside a file, and leaves no failure unhandled', async () => {
    const { bytes, type } = await upload({ 'big.txt': 'words '.repeat(50_000), 'small.txt': 'Small' });
    await expect(readImportUpload(requestOf(bytes.slice(0, 100_000), type))).rejects.toMatchObject({
      status: 400,
      code: 'invalid_upload',
    });
    // The whole body reads both files, in order, by their names.
    const read = await readImportUpload(requestOf(bytes, type));
    expect(read.map((file) => [file.path, file.data.length])).toEqual([
      ['big.txt', 300_000],
      ['small.txt', 5],
    ]);
  });
});
