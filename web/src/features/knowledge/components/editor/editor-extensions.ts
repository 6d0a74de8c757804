import { Image } from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { PdfViewer } from '../../pdf/pdf-viewer-extension';

/** Images keep the stored file's path next to their secureImage address. */
const StoredImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      'data-path': {
        default: null,
        parseHTML: (element) => element.getAttribute('data-path'),
        renderHTML: (attributes) => (attributes['data-path'] ? { 'data-path': attributes['data-path'] } : {}),
      },
    };
  },
});

/** What the editor offers: headings, marks, code, quotes, lists, task lists, links, rules, images and PDFs. */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] },
  }),
  TaskList,
  TaskItem.configure({ nested: true }),
  StoredImage.configure({ allowBase64: false }),
  PdfViewer,
  Placeholder.configure({ placeholder: 'Write it down: steps, context, links and pictures...' }),
];
