import {
  IMPORT_ACCEPT,
  IMPORT_TOO_LARGE_MESSAGE,
  IMPORT_TOO_MANY_FILES_MESSAGE,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
  type ImportAuthors,
  type ImportedFile,
  type ImportLinks,
} from '@common/transfer';
import { MAX_PDF_BYTES } from '@common/files';
import { formatCount } from '@common/text';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, FolderUp, TriangleAlert, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { knowledgeKeys } from '../api/knowledge-keys';
import { importFiles, type FileToImport, type ImportProgress } from '../api/import-files';
import { ImportSummary } from './import-summary';

type State =
  | { step: 'choose' }
  | { step: 'running'; progress: ImportProgress }
  | {
      step: 'done';
      imported: number;
      skipped: number;
      files: ImportedFile[];
      links?: ImportLinks;
      authors?: ImportAuthors;
    }
  | { step: 'failed'; message: string };

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1)} MB`);

/** What is wrong with a choice of files before sending it, if anything. */
function problemWith(files: FileToImport[]): string | null {
  if (files.length > MAX_IMPORT_FILES) return IMPORT_TOO_MANY_FILES_MESSAGE;
  if (files.reduce((sum, { file }) => sum + file.size, 0) > MAX_IMPORT_BYTES) return IMPORT_TOO_LARGE_MESSAGE;
  return null;
}

/** The knowledge list's Import: files, a folder or a zip in; progress, then what was imported and skipped. */
export function ImportDialog({
  accountId,
  open,
  onOpenChange,
}: {
  accountId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<FileToImport[]>([]);
  const [state, setState] = useState<State>({ step: 'choose' });
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const running = state.step === 'running';
  const problem = problemWith(chosen);
  const totalBytes = chosen.reduce((sum, { file }) => sum + file.size, 0);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])].map((file) => ({
      file,
      path: file.webkitRelativePath || file.name,
    }));
    setChosen(picked);
    setState({ step: 'choose' });
    event.target.value = '';
  };

  const start = async () => {
    setState({ step: 'running', progress: { phase: 'sending', percent: 0 } });
    try {
      const lines = await importFiles(
        accountId,
        chosen,
        () => {},
        (progress) => setState({ step: 'running', progress }),
      );
      const files = lines.flatMap((line) => (line.type === 'file' ? [line.file] : []));
      const done = lines.find((line) => line.type === 'done');
      setState({
        step: 'done',
        imported: done?.type === 'done' ? done.imported : 0,
        skipped: done?.type === 'done' ? done.skipped : 0,
        files,
        links: done?.type === 'done' ? done.links : undefined,
        authors: done?.type === 'done' ? done.authors : undefined,
      });
    } catch (error) {
      setState({ step: 'failed', message: error instanceof Error ? error.message : 'The import failed.' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all(accountId) });
    }
  };

  const close = (next: boolean) => {
    if (running) return;
    onOpenChange(next);
    if (!next) {
      setChosen([]);
      setState({ step: 'choose' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogHeader
          title="Import documents"
          description="Markdown, HTML, plain text, CSV and PDF files, a folder of them or a .zip (exports of Lore, Outline, Notion and Confluence too). Each becomes an item; images next to the files come along."
        />

        {state.step === 'choose' || state.step === 'failed' ? (
          <>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              <li>
                Markdown keeps the title and tags of its front matter (else its first heading or file name; an index.md
                or README.md its folder&rsquo;s name).
              </li>
              <li>Folders become collections and pages; links between the files lead to the new items.</li>
              <li>HTML pages keep their main content; menus, sidebars and footers are left out.</li>
              <li>
                A PDF becomes an item that shows it; its text is searchable. At most {MAX_PDF_BYTES / MB} MB each.
              </li>
              <li>
                Up to {MAX_IMPORT_BYTES / MB} MB and {formatCount(MAX_IMPORT_FILES)} files per import.
              </li>
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" onClick={() => filesInput.current?.click()}>
                <FileUp /> Choose files
              </Button>
              <Button type="button" variant="outline" onClick={() => folderInput.current?.click()}>
                <FolderUp /> Choose a folder
              </Button>
              <input
                ref={filesInput}
                type="file"
                multiple
                accept={IMPORT_ACCEPT}
                className="sr-only"
                aria-label="Files to import"
                onChange={choose}
              />
              <input
                ref={folderInput}
                type="file"
                // React does not know the attribute; the browser does.
                {...{ webkitdirectory: '' }}
                className="sr-only"
                aria-label="Folder to import"
                onChange={choose}
              />
            </div>
            {chosen.length > 0 && (
              <p className="text-sm" data-testid="import-choice">
                {chosen.length === 1 ? chosen[0]!.path : `${chosen.length} files`} ({sizeText(totalBytes)})
              </p>
            )}
            {(problem ?? (state.step === 'failed' ? state.message : null)) && (
              <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" />
                {problem ?? (state.step === 'failed' ? state.message : '')}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="ghost" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="button" disabled={chosen.length === 0 || !!problem} onClick={() => void start()}>
                <Upload /> Import
              </Button>
            </div>
          </>
        ) : state.step === 'running' ? (
          <Progress progress={state.progress} />
        ) : (
          <ImportSummary {...state} onClose={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Progress({ progress }: { progress: ImportProgress }) {
  const [label, value, max] =
    progress.phase === 'sending'
      ? [`Sending files… ${progress.percent}%`, progress.percent, 100]
      : [`Imported ${progress.done} of ${progress.total} files`, progress.done, Math.max(progress.total, 1)];
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="text-sm font-medium">{label}</p>
      <progress className="h-2 w-full accent-primary" value={value} max={max} aria-label="Import progress" />
    </div>
  );
}
