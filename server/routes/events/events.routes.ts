import { streamSSE } from 'hono/streaming';
import * as api from '../../../common/api/events';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentUser } from '../../auth/guards';
import type { StreamSink } from '../../realtime/live-stream';

/** GET /api/events: the signed-in user's live changes, as server-sent events (server/realtime, decision 19). */
export function eventsRoutes(deps: AppDeps) {
  const { realtime, logger } = deps;
  return createRouter(deps).openapi(api.streamEvents, async (c) => {
    const user = currentUser(c);
    const sessionId = c.get('session')!.id;
    const lastEventId = c.req.valid('header')['last-event-id'];
    // Before the answer starts, so a refusal is a 429 (or 503) the page can read.
    const release = realtime.claim(user.id);
    // Proxies such as nginx would otherwise hold events back to fill their buffers.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const gone = new AbortController();
      stream.onAbort(() => gone.abort());
      const sink: StreamSink = {
        send: ({ id, event, data }) => stream.writeSSE({ id: id === undefined ? undefined : String(id), event, data }),
        comment: (text) => stream.write(`: ${text}\n\n`).then(() => {}),
        close: () => void stream.close(),
      };
      try {
        await realtime.serve({ userId: user.id, sessionId, lastEventId, sink, signal: gone.signal });
      } catch (error) {
        // The page reconnects; the details go to the log.
        logger.warn({ err: error }, 'A live stream failed');
      } finally {
        release();
      }
    });
  });
}
