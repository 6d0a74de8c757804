import type { Editor } from '@tiptap/react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { MAX_PDF_BYTES, PDF_TOO_LARGE_MESSAGE, PDF_TYPE_MESSAGE } from '@common/files';
import { randomId } from '@/lib/random-id';
import type { PendingPdf } from '../../api/link-pdfs';
import { uploadPdf } from '../../api/upload-pdf';
import type { PendingUpload } from './use-image-uploads';

/** Whether a file is offered as a PDF (the server judges its content). */
export const isPdfFile = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** The PDFs among a paste's or a drop's files. */
export const pdfFiles = (list: FileList | null | undefined) => Array.from(list ?? []).filter(isPdfFile);

/**
 * Draws each PDF's first page with pdf.js, uploads both with progress, then
 * inserts a viewer block where it was dropped or chosen; `onUploaded` keeps it
 * to be linked once the item is saved.
 */
export function usePdfUploads(accountId: string, onUploaded: (pdf: PendingPdf) => void) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);

  const upload = useCallback(
    async (editor: Editor, files: File[], position: number) => {
      for (const file of files) {
        if (file.size > MAX_PDF_BYTES) {
          toast.error(PDF_TOO_LARGE_MESSAGE);
          continue;
        }
        const id = randomId();
        const name = file.name || 'document.pdf';
        setUploads((current) => [...current, { id, name, percent: 0 }]);
        try {
          const { previewPdf } = await import('../../pdf/pdf-thumbnail');
          const preview = await previewPdf(file).catch(() => {
            throw new Error(PDF_TYPE_MESSAGE);
          });
          const stored = await uploadPdf(accountId, file, preview.thumbnail, (percent) =>
            setUploads((current) => current.map((entry) => (entry.id === id ? { ...entry, percent } : entry))),
          );
          onUploaded({
            path: stored.path,
            url: stored.url,
            filename: stored.filename,
            thumbnailPath: stored.thumbnailPath,
            thumbnailDataUrl: preview.thumbnailDataUrl,
          });
          if (editor.isDestroyed) return;
          const at = Math.min(position, editor.state.doc.content.size);
          editor
            .chain()
            .focus()
            .insertContentAt(at, {
              type: 'pdfViewer',
              attrs: { src: stored.url, filename: stored.filename, width: preview.width, height: preview.height },
            })
            .run();
        } catch (error) {
          toast.error(error instanceof Error ? error.message : 'The upload failed');
        } finally {
          setUploads((current) => current.filter((entry) => entry.id !== id));
        }
      }
    },
    [accountId, onUploaded],
  );

  return { uploads, upload };
}
