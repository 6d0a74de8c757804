import * as api from '../../../common/api/collaboration';
import { collaboratorColor } from '../../../common/collaboration';
import { displayNameOf } from '../../../common/profile';
import type { AppDeps } from '../../app-env';
import { createRouter } from '../../api/router';
import { currentMembership, currentUser } from '../../auth/guards';
import { readScopeOf } from '../../data/collection-access';
import { loadKnowledge } from '../../data/load-knowledge';
import { findProfileWithEmail } from '../../data/profiles';
import { forbidden } from '../../errors';
import { authorize } from '../../policies/authorize';
import { knowledgePolicy } from '../../policies/knowledge-policy';

/**
 * GET .../knowledge/:knowledgeId/collaboration: the checks of a co-editing socket (decision 34), made as for
 * any request (session, second factor, membership, the item in the workspace, the right to edit), plus the
 * origin a browser sends with every WebSocket. Admitted, the upgrade handler opens the socket.
 */
export function collaborationRoutes(deps: AppDeps) {
  const { database, collaboration, env } = deps;
  return createRouter(deps).openapi(api.openCollaboration, async (c) => {
    const { accountId, userId, role } = currentMembership(c);
    // Browsers send the page's origin with a WebSocket and no preflight: another site's page would otherwise ride the cookie.
    const origin = c.req.header('origin');
    if (origin && origin !== env.BASE_URL) throw forbidden('Cross-site requests are not allowed');
    // An item in a collection the member may not see is not found, as everywhere (decision 35).
    const scope = await readScopeOf(database.db, currentMembership(c));
    const item = await loadKnowledge(database.db, scope, c.req.valid('param').knowledgeId);
    // A reader of the article joins for presence only: reading is enough for that.
    const mode = c.req.valid('query').presence === 'only' ? 'presence' : 'edit';
    authorize(mode === 'edit' ? knowledgePolicy.write : knowledgePolicy.read, { role });
    if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
      return c.json({ error: 'Open this address as a WebSocket', code: 'upgrade_required' }, 426);
    const profile = await findProfileWithEmail(database.db, userId);
    const admitted = collaboration.admit(c.req.raw, {
      accountId,
      knowledgeId: item.id,
      userId,
      sessionId: c.get('session')!.id,
      identity: {
        id: userId,
        name: displayNameOf(profile?.full_name, profile?.email ?? currentUser(c).email),
        color: collaboratorColor(userId),
      },
      mode,
      collectionId: item.collection_id,
    });
    return admitted ? c.body(null, 204) : c.json({ error: 'Lore is stopping', code: 'shutting_down' }, 503);
  });
}
