import { useEffect, useState } from 'react';
import { isAvatarUrlExpired } from '@common/avatars';
import { cn } from '@/lib/utils';
import { Initials } from './initials';

/**
 * A person's picture from a signed avatar URL, or their initials when there is
 * none, it has expired (spec section 5) or it fails to load. `onExpired` asks
 * for a fresh URL: the query that handed this one out should fetch again.
 */
export function PersonAvatar({
  name,
  url,
  onExpired,
  className,
}: {
  name: string;
  url: string | null | undefined;
  onExpired?: () => void;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const expired = Boolean(url && isAvatarUrlExpired(url));
  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);

  if (!url || expired || failedUrl === url) return <Initials name={name} className={cn('rounded-full', className)} />;
  return (
    <img
      src={url}
      alt=""
      aria-hidden="true"
      data-testid="person-avatar"
      className={cn('size-8 shrink-0 rounded-full bg-accent object-cover', className)}
      onError={() => {
        setFailedUrl(url);
        onExpired?.();
      }}
    />
  );
}
