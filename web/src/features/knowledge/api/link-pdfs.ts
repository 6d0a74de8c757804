import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { linkKnowledgePdf } from '@common/api/routes';
import { PDF_LINK_MESSAGES } from '@common/knowledge-pdfs';
import { api, ApiError } from '@/lib/api-client';
import { knowledgeKeys } from './knowledge-keys';

/** A PDF uploaded in the editor, waiting for its item to be saved before it is linked. */
export interface PendingPdf {
  path: string;
  url: string;
  filename: string;
  thumbnailPath: string;
  thumbnailDataUrl: string;
}

/** The spec's message for a failed link (section 8): the server's, or 'Failed to link PDF.'; a 401 says to log in. */
export function linkFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return PDF_LINK_MESSAGES.loginRequired;
  if (error instanceof Error && error.message === PDF_LINK_MESSAGES.noId) return error.message;
  if (error instanceof ApiError && error.message) return `${PDF_LINK_MESSAGES.failed} ${error.message}`;
  return PDF_LINK_MESSAGES.failed;
}

/** POST /api/linkKnowledgePdf for one PDF; its answer must carry knowledge_pdf_id. */
export async function linkPdf(accountId: string, knowledgeId: string, pdf: PendingPdf): Promise<string> {
  const answer = await api(linkKnowledgePdf, {
    json: {
      knowledgeId,
      accountId,
      pdfPath: pdf.path,
      pdfFilename: pdf.filename,
      thumbnailPath: pdf.thumbnailPath,
      thumbnailDataUrl: pdf.thumbnailDataUrl,
      // The server reads the text itself (decision 16).
      extractedText: '',
    },
  });
  if (!answer?.knowledge_pdf_id) throw new Error(PDF_LINK_MESSAGES.noId);
  return answer.knowledge_pdf_id;
}

/**
 * After a save: links every uploaded PDF the saved content shows, then
 * refreshes the lists (their cards show the thumbnail). Answers the messages
 * of the links that failed; the item stays saved either way.
 */
export function useLinkPendingPdfs(accountId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (item: { id: string; content: string }, pending: Map<string, PendingPdf>): Promise<string[]> => {
      // The saved content names each PDF by its path, URL-encoded inside its secureImage address.
      const shown = [...pending.values()].filter((pdf) => item.content.includes(encodeURIComponent(pdf.path)));
      if (shown.length === 0) return [];
      const failures: string[] = [];
      for (const pdf of shown) {
        try {
          await linkPdf(accountId, item.id, pdf);
          pending.delete(pdf.path);
        } catch (error) {
          failures.push(linkFailureMessage(error));
        }
      }
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.lists(accountId) });
      return failures;
    },
    [accountId, queryClient],
  );
}
