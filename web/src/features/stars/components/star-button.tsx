import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useToggleStar } from '../api/star-mutations';
import { starsQuery } from '../api/stars-queries';

/** A star toggle for one item; the star list is shared, so every button agrees. */
export function StarButton({
  accountId,
  item,
  className,
}: {
  accountId: string;
  item: { id: string; short_id: string; title: string };
  className?: string;
}) {
  const stars = useQuery(starsQuery(accountId));
  const toggle = useToggleStar(accountId);
  const starred = stars.data?.some((star) => star.knowledge_id === item.id) ?? false;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('text-muted-foreground', starred && 'text-amber-500 hover:text-amber-500', className)}
      aria-label={starred ? `Unstar ${item.title}` : `Star ${item.title}`}
      aria-pressed={starred}
      disabled={stars.isPending}
      onClick={() => toggle.mutate({ item, starred })}
    >
      <Star className={cn(starred && 'fill-current')} />
    </Button>
  );
}
