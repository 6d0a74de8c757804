import type { ImportAuthors, ImportedFile, ImportLinks } from '@common/transfer';
import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** What an import did: its totals, every skipped file and note, the links between its files, and its authors. */
export function ImportSummary({
  imported,
  skipped,
  files,
  links,
  authors,
  onClose,
}: {
  imported: number;
  skipped: number;
  files: ImportedFile[];
  links?: ImportLinks;
  authors?: ImportAuthors;
  onClose: () => void;
}) {
  const problems = files.filter((file) => file.status === 'skipped' || file.reason);
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <div className="grid gap-3" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CheckCircle2 className="size-4 text-primary" />
        {imported} imported, {skipped} skipped
      </p>
      {links && (
        <p className="text-sm" data-testid="import-links">
          {plural(links.rewritten, 'link', 'links')} between the files now {links.rewritten === 1 ? 'leads' : 'lead'} to
          the imported items
          {links.unresolved.length > 0 && `; ${plural(links.unresolved.length, 'link', 'links')} could not be`}.
        </p>
      )}
      {authors && (
        <p className="text-sm" data-testid="import-authors">
          {plural(authors.restored, 'item', 'items')} went back to {authors.restored === 1 ? 'its' : 'their'} author.
          {authors.toImporter.length > 0 &&
            ` Yours now, as their authors are not members of this workspace: ${authors.toImporter
              .map((author) => `${author.name ?? author.email ?? 'Unknown'} (${plural(author.items, 'item', 'items')})`)
              .join(', ')}.`}
        </p>
      )}
      {problems.length > 0 && (
        <Notes label="Import notes">
          {problems.map((file) => (
            <li key={file.path} className="break-words">
              <span className="font-medium">{file.path}</span>
              <span className="text-muted-foreground">
                {' '}
                — {file.status === 'skipped' ? 'skipped: ' : ''}
                {file.reason}
              </span>
            </li>
          ))}
        </Notes>
      )}
      {links && links.unresolved.length > 0 && (
        <Notes label="Links not rewritten">
          {links.unresolved.map((link, index) => (
            <li key={`${link.path}-${index}`} className="break-words">
              <span className="font-medium">{link.path}</span>: <code>{link.href}</code>
              <span className="text-muted-foreground"> — {link.reason}</span>
            </li>
          ))}
        </Notes>
      )}
      <div className="flex justify-end">
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}

function Notes({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-medium">{label}</h3>
      <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border p-3 text-sm" aria-label={label}>
        {children}
      </ul>
    </div>
  );
}
