import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** Asks for more when half of it scrolls into view (spec: 50 % intersection). */
export function InfiniteScrollTrigger({
  onVisible,
  loading,
  enabled,
}: {
  onVisible: () => void;
  loading: boolean;
  enabled: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { threshold: 0.5 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [onVisible, enabled]);
  return (
    <div ref={ref} className="flex h-16 items-center justify-center" data-testid="load-more">
      {loading && <Spinner label="Loading more" />}
    </div>
  );
}
