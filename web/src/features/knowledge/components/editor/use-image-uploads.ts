import type { Editor } from '@tiptap/react';
import { randomId } from '@/lib/random-id';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { IMAGE_MIME_TYPES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPES_MESSAGE, MAX_IMAGE_BYTES } from '@common/files';
import { uploadImage } from '../../api/upload-image';

/** An image on its way to the server. */
export interface PendingUpload {
  id: string;
  name: string;
  percent: number;
}

/** Uploads images with progress, then inserts each where it was pasted, dropped or chosen. */
export function useImageUploads(accountId: string) {
  const [uploads, setUploads] = useState<PendingUpload[]>([]);

  const upload = useCallback(
    async (editor: Editor, files: File[], position: number) => {
      for (const file of files) {
        if (!IMAGE_MIME_TYPES.includes(file.type)) {
          toast.error(IMAGE_TYPES_MESSAGE);
          continue;
        }
        if (file.size > MAX_IMAGE_BYTES) {
          toast.error(IMAGE_TOO_LARGE_MESSAGE);
          continue;
        }
        const id = randomId();
        setUploads((current) => [...current, { id, name: file.name || 'image', percent: 0 }]);
        try {
          const image = await uploadImage(accountId, file, (percent) =>
            setUploads((current) => current.map((entry) => (entry.id === id ? { ...entry, percent } : entry))),
          );
          if (editor.isDestroyed) return;
          const at = Math.min(position, editor.state.doc.content.size);
          editor
            .chain()
            .focus()
            .insertContentAt(at, { type: 'image', attrs: { src: image.url, alt: file.name, 'data-path': image.path } })
            .run();
        } catch (error) {
          toast.error(error instanceof Error ? error.message : 'The upload failed');
        } finally {
          setUploads((current) => current.filter((entry) => entry.id !== id));
        }
      }
    },
    [accountId],
  );

  return { uploads, upload };
}

/** The image files among a paste's or a drop's files. */
export const imageFiles = (list: FileList | null | undefined) =>
  Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
