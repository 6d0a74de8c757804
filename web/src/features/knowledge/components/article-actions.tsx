import { Clock, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { KnowledgeDto } from '@common/knowledge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
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

/** The article's menu: Edit, History (decision 31), and Delete behind the spec's confirmation. */
export function ArticleActions({ accountId, item }: { accountId: string; item: KnowledgeDto }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteKnowledge(accountId);
  const onDelete = () =>
    remove.mutate(
      { item, children: 'keep' },
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
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setConfirming(true)} className="text-destructive [&_svg]:text-destructive">
            <Trash2 /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete knowledge?"
        description="This action cannot be undone. This will permanently delete this knowledge item from your account."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={onDelete}
      />
    </>
  );
}
