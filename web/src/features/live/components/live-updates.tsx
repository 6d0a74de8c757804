import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchWithSession } from '@/lib/api-client';
import { oldestChangePosition } from '@/lib/change-position';
import { setConnectionState } from '../lib/connection-state';
import { LiveConnection } from '../lib/live-connection';
import { queriesToRefresh } from '../lib/refresh-plan';
import { createRefreshScheduler } from '../lib/refresh-scheduler';
import { UpdatingPill } from './updating-pill';

/** Spec section 9, "Loading indicators": the 'Updating content' pill shows at most 5 s. */
export const PILL_MAX_MS = 5_000;
/** Long enough to be read rather than flash. */
const PILL_MIN_MS = 600;

/**
 * The signed-in tab's live refresh: one stream of changes, cached queries
 * refreshed as they change (throttled), the connection state reported to the
 * page, and 'Updating content' while a refresh runs.
 */
export function LiveUpdates({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    let stopped = false;
    // The pill follows the latest refresh: an earlier one finishing does not hide it.
    let latest = 0;
    const refresh = createRefreshScheduler((batch) => {
      const refreshing = ++latest;
      const shownUntil = Date.now() + PILL_MIN_MS;
      setUpdating(true);
      const done = Promise.allSettled(
        queriesToRefresh(batch, userId).map((filters) => queryClient.invalidateQueries(filters)),
      );
      const capped = new Promise((resolve) => setTimeout(resolve, PILL_MAX_MS));
      void Promise.race([done, capped])
        .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, shownUntil - Date.now()))))
        .then(() => {
          if (!stopped && refreshing === latest) setUpdating(false);
        });
    });
    const connection = new LiveConnection({
      fetch: fetchWithSession,
      onChange: (change) => refresh.change(change),
      onRefreshEverything: () => refresh.everything(),
      startFrom: oldestChangePosition,
      // Quietly, once per page load. Resumed from where the page's answers were, the
      // missed changes come as events: only what is still being fetched (whose answer
      // may predate the stream) is fetched again. Otherwise, all loaded before it opened.
      onFirstOpen: (resumed) => {
        const openedAt = Date.now();
        void queryClient.invalidateQueries({
          predicate: ({ state }) => state.fetchStatus === 'fetching' || (!resumed && state.dataUpdatedAt < openedAt),
        });
      },
      onState: setConnectionState,
    });
    connection.start();
    return () => {
      stopped = true;
      connection.stop();
      refresh.stop();
    };
  }, [queryClient, userId]);

  return updating ? <UpdatingPill /> : null;
}
