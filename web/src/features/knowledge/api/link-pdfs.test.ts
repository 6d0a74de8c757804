import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@common/api/client';

const api = vi.fn();
vi.mock('@/lib/api-client', async () => {
  const { ApiError: Error } = await import('@common/api/client');
  return { api: (...args: unknown[]) => api(...args), ApiError: Error };
});

const { linkFailureMessage, linkPdf } = await import('./link-pdfs');

const pending = {
  path: '11111111-1111-4111-8111-111111111111/a.pdf',
  url: '/api/secureImage?bucket=knowledge-pdfs&path=x',
  filename: 'a.pdf',
  thumbnailPath: '11111111-1111-4111-8111-111111111111/a_thumb.webp',
  thumbnailDataUrl: 'data:image/webp;base64,AAAA',
};

beforeEach(() => api.mockReset());

describe('linking a PDF from the web', () => {
  it("sends the spec's body and answers the new id", async () => {
    api.mockResolvedValue({ knowledge_pdf_id: '22222222-2222-4222-8222-222222222222' });
    await expect(linkPdf('11111111-1111-4111-8111-111111111111', 'item', pending)).resolves.toBe(
      '22222222-2222-4222-8222-222222222222',
    );
    expect(api.mock.calls[0]![1].json).toEqual({
      knowledgeId: 'item',
      accountId: '11111111-1111-4111-8111-111111111111',
      pdfPath: pending.path,
      pdfFilename: 'a.pdf',
      thumbnailPath: pending.thumbnailPath,
      thumbnailDataUrl: pending.thumbnailDataUrl,
      extractedText: '',
    });
  });

  it("says 'Failed to link PDF: No ID returned' when the answer has no id", async () => {
    api.mockResolvedValue({});
    const failure = await linkPdf('a', 'item', pending).catch((error: unknown) => error);
    expect(linkFailureMessage(failure)).toBe('Failed to link PDF: No ID returned');
  });

  it("says 'You must be logged in to link PDFs.' on a 401, and 'Failed to link PDF.' otherwise", () => {
    expect(linkFailureMessage(new ApiError(401, 'You must be logged in to link PDFs.', 'unauthenticated'))).toBe(
      'You must be logged in to link PDFs.',
    );
    expect(linkFailureMessage(new Error('network'))).toBe('Failed to link PDF.');
    expect(linkFailureMessage(new ApiError(404, 'The PDF was not found in this workspace', 'not_found'))).toBe(
      'Failed to link PDF. The PDF was not found in this workspace',
    );
  });
});
