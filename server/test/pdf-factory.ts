import type { TestClient, TestResponse } from './http-client';

/** PDF string syntax: parentheses and backslashes escaped. */
const pdfString = (text: string) => `(${text.replace(/[()\\]/g, (char) => `\\${char}`)})`;

/**
 * A small, valid PDF written by hand: one US Letter page per entry of `pages`,
 * each showing its lines of text in Helvetica (so pdf.js can both draw and read it).
 */
export function makePdf(pages: string[][]): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((lines, index) => {
    const shown = lines.map((line, row) => `${row === 0 ? '72 720 Td' : '0 -30 Td'} ${pdfString(line)} Tj`).join(' ');
    const stream = `BT /F1 20 Tf ${shown} ET`;
    objects[4 + index * 2] =
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`;
    objects[5 + index * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/** Uploads a PDF with its thumbnail (multipart fields `file` and `thumbnail`) to the account as `client`. */
export function uploadPdf(
  client: TestClient,
  accountId: string,
  pdf: { bytes: Uint8Array; name?: string },
  thumbnail: Uint8Array,
): Promise<TestResponse> {
  return postPdf(client, `/api/accounts/${accountId}/knowledge-pdfs`, pdf, thumbnail);
}

/** Sends a PDF and its thumbnail as multipart form data to `url`, with the client's cookies, as the editor does. */
export async function postPdf(
  client: TestClient,
  url: string,
  pdf: { bytes: Uint8Array; name?: string },
  thumbnail: Uint8Array,
): Promise<TestResponse> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([pdf.bytes.slice().buffer as ArrayBuffer], { type: 'application/pdf' }),
    pdf.name ?? 'doc.pdf',
  );
  form.append('thumbnail', new Blob([thumbnail.slice().buffer as ArrayBuffer], { type: 'image/webp' }), 'thumb.webp');
  const response = await fetch(new URL(url, client.baseUrl), {
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
