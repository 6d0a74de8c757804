import { Clock, FilePlus2, FolderInput, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { KnowledgeDto } from '@common/knowledge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { MoveDialog } from '@/features/collections';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/lib/paths';
import { useDeleteKnowledge } from '../api/knowledge-mutations';
import { listPathFor } from '../lib/list-path';
import { forgetViewed } from '../lib/recently-viewed';

/**
 * The article's menu: Edit, History (decision 31), Move to… and New page inside (decision 35), and
 * Delete behind the spec's confirmation, which for a page with pages asks whether they move up or go too.
 */
export function ArticleActions({ accountId, item }: { accountId: string; item: KnowledgeDto }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const [children, setChildren] = useState<'keep' | 'delete'>('keep');
  const remove = useDeleteKnowledge(accountId);
  const onDelete = () =>
    remove.mutate(
      { item, children },
      {
        onSuccess: () => {
          forgetViewed(accountId, item.id);
          setConfirming(false);
          toast.success('Knowledge deleted');
          navigate(listPathFor(accountId));
        },
        onError: (error) => toast.error('Failed to delete', { description: error.message }),
      },
    );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="Article actions">
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => navigate(paths.account(accountId).editArticle(item.short_id))}>
            <Pencil /> Edit
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(paths.account(accountId).articleHistory(item.short_id))}>
            <Clock /> History
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setMoving(true)}>
            <FolderInput /> Move to…
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() =>
              navigate(paths.account(accountId).createArticle({ collection: item.collectionId, parent: item.id }))
            }
          >
            <FilePlus2 /> New page inside
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setConfirming(true)} className="text-destructive [&_svg]:text-destructive">
            <Trash2 /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {moving && (
        <Suspense fallback={null}>
          <MoveDialog accountId={accountId} item={item} open onOpenChange={setMoving} />
        </Suspense>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent role="alertdialog">
          <DialogHeader
            title="Delete knowledge?"
            description="This action cannot be undone. This will permanently delete this knowledge item from your account."
          />
          {item.children.length > 0 && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">
                It has {item.children.length} {item.children.length === 1 ? 'page' : 'pages'} under it
              </legend>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="children"
                  checked={children === 'keep'}
                  onChange={() => setChildren('keep')}
                />
                Keep them: they move up to where this page was
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="children"
                  checked={children === 'delete'}
                  onChange={() => setChildren('delete')}
                />
                Delete them too, with every page under them
              </label>
            </fieldset>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={onDelete}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
