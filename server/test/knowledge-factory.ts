import type { ApiInput } from '../../common/api/client';
import { createKnowledge } from '../../common/api/knowledge';
import { apiAs } from './api';
import type { TestClient, TestResponse } from './http-client';

/** Creates an item through the typed API as `client`; rejects with the server's ApiError when refused. */
export async function createItem(
  client: TestClient,
  accountId: string,
  input: ApiInput<typeof createKnowledge>['json'],
) {
  return (await apiAs(client)(createKnowledge, { params: { accountId }, json: input })).data;
}

/** Sends a file as multipart form data (field `file`) with the client's cookies, as a browser would. */
export async function uploadFile(
  client: TestClient,
  path: string,
  bytes: Uint8Array,
  filename: string,
  type = 'application/octet-stream',
): Promise<TestResponse> {
  const form = new FormData();
  form.append('file', new Blob([bytes.slice().buffer as ArrayBuffer], { type }), filename);
  const response = await fetch(new URL(path, client.baseUrl), {
    method: 'POST',
    headers: client.callerHeaders(),
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

const fromBase64 = (value: string) => new Uint8Array(Buffer.from(value, 'base64'));

/** Tiny real images of each allowed type. */
export const sampleImages = {
  png: fromBase64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  gif: fromBase64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
  webp: fromBase64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
  jpeg: new Uint8Array([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00, 0xff, 0xd9,
  ]),
};
