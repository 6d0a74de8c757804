import type { Role } from '../db/types';
import { insertComment, insertThread } from '../data/comments';
import { insertNotifications } from '../data/notifications';
import { unsubscribeLinksOf } from '../mail/unsubscribe-links';
import { createItem, sampleImages, uploadFile } from './knowledge-factory';
import { makePdf, uploadPdf } from './pdf-factory';
import type { SignedInClient, TestServer } from './test-server';
import { addWalkMember, inviteToWalkWorkspace, type WalkWorkspace } from './walk-workspace';

/** Who may call a route: anyone, any signed-in user, or the lowest role in the workspace the request names. */
export type Allowed = 'public' | 'user' | Role;

/** What a route-walk request sends: the route's path parameters, its query and a JSON body or an image upload. */
export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  upload?: Uint8Array;
  /** A PDF sent with a thumbnail, as the editor attaches one. */
  pdf?: Uint8Array;
}

/**
 * What a sample is built for: the account the request names (the walked
 * workspace, or the caller's own when swapping ids), the walked workspace whose
 * items, members, invitations and files it names, and the caller (undefined when anonymous).
 */
export interface SampleContext {
  lore: TestServer;
  account: WalkWorkspace;
  workspace: WalkWorkspace;
  caller?: SignedInClient;
}

/** One registered route: who may call it and a valid request naming the walked workspace. */
export interface RouteCase {
  allowed: Allowed;
  /** The request destroys the workspace or its roles, so each caller gets a fresh one. */
  destroysWorkspace?: boolean;
  /** The request names something in the workspace besides the account (an item, a member, an invitation, a file). */
  namesObject?: boolean;
  /**
   * What it names is an item, an item's file or a collection: named in a restricted collection the
   * caller was not chosen for, it does not exist for them (decision 35; the walk's `outsider`).
   */
  namesItem?: boolean;
  sample: (context: SampleContext) => Sample | Promise<Sample>;
}

/** A route the walk leaves to other tests, and which ones. */
export interface LeftToOthers {
  leftTo: string;
}

const inWorkspace = ({ account }: SampleContext) => ({ params: { accountId: account.id } });
const onItem = ({ account, workspace }: SampleContext) => ({
  params: { accountId: account.id, knowledgeId: workspace.item.id },
});

/** An open invitation addressed to the caller, from a workspace of its own (the caller may already be in the walked one). */
async function invitationForCaller({ lore, caller }: SampleContext): Promise<Sample> {
  if (!caller) return { json: { userId: crypto.randomUUID(), inviteId: crypto.randomUUID() } };
  const inviter = await lore.account({ name: 'Inviting workspace' });
  const inviteId = await inviteToWalkWorkspace(inviter.owner, inviter.id, caller.email);
  return { json: { userId: caller.userId, inviteId } };
}

/**
 * Every route the app registers, by `METHOD path` as Hono lists it. The route
 * walk fails for a registered route missing here, so a new route arrives with
 * its denial checks.
 */
export const routeCases: Record<string, RouteCase | LeftToOthers> = {
  'GET /api/auth/*': { leftTo: "better-auth's catch-all: server/routes/auth/magic-link.test.ts" },
  'POST /api/auth/*': { leftTo: "better-auth's catch-all: server/routes/auth/magic-link.test.ts" },
  'GET /api/health': { allowed: 'public', sample: () => ({}) },
  'GET /api/openapi.json': { allowed: 'public', sample: () => ({}) },
  'GET /api/reference': { allowed: 'public', sample: () => ({}) },
  'GET /api/sign-in-options': { allowed: 'public', sample: () => ({}) },
  'GET /api/auth/magic-link/verify': { leftTo: 'server/routes/auth/magic-link.test.ts (never signs in)' },
  'POST /api/redeemLoginLink': { leftTo: 'server/routes/auth/magic-link.test.ts (needs a mailed token)' },

  'GET /api/me': { allowed: 'user', sample: () => ({}) },
  'GET /api/me/two-factor': { allowed: 'user', sample: () => ({}) },
  // Each leaves the caller's two-factor as it found it: a wrong code, a set-up that is not confirmed.
  'POST /api/me/two-factor/verify': {
    leftTo: 'server/routes/two-factor/two-factor.test.ts (needs a code from the app)',
  },
  'POST /api/me/two-factor/enroll': { leftTo: 'server/routes/two-factor/two-factor.test.ts' },
  'POST /api/me/two-factor/enroll/confirm': {
    leftTo: 'server/routes/two-factor/two-factor.test.ts (needs a code from the app)',
  },
  'DELETE /api/me/two-factor/:factorId': { leftTo: 'server/routes/two-factor/two-factor.test.ts' },
  'PATCH /api/me/profile': { allowed: 'user', sample: () => ({ json: { full_name: 'Walking Person' } }) },
  'POST /api/me/name-prompt/skip': { allowed: 'user', sample: () => ({}) },
  'GET /api/accounts': { allowed: 'user', sample: () => ({}) },
  'POST /api/me/avatar': { allowed: 'user', sample: () => ({ upload: sampleImages.gif }) },
  'DELETE /api/me/avatar': { allowed: 'user', sample: () => ({}) },
  // One's own avatar URL; strangers asking for someone else's are refused in server/routes/avatars/avatars.test.ts.
  'GET /api/users/:userId/avatar': {
    allowed: 'user',
    sample: ({ caller }) => ({ params: { userId: caller?.userId ?? crypto.randomUUID() } }),
  },
  // A signed URL is the permission: any signed-in holder of a valid one gets the file.
  'GET /api/avatarImage': {
    allowed: 'user',
    sample: async ({ lore }) => {
      const person = await lore.user();
      const uploaded = await uploadFile(person, '/api/me/avatar', sampleImages.gif, 'me.gif', 'image/gif');
      const url = new URL(uploaded.body.data.profile.avatar_url as string, lore.baseUrl);
      return { query: Object.fromEntries(url.searchParams) };
    },
  },
  'POST /api/accounts': { allowed: 'user', sample: () => ({ json: { name: 'A new workspace' } }) },
  'GET /api/invitations': { allowed: 'user', sample: () => ({}) },
  'POST /api/acceptInvitation': { allowed: 'user', sample: invitationForCaller },
  'POST /api/declineInvitation': {
    allowed: 'user',
    sample: async (context) => {
      const { inviteId } = (await invitationForCaller(context)).json as { inviteId: string };
      return { json: { inviteId } };
    },
  },

  'GET /api/loginSession': { allowed: 'user', sample: () => ({ query: { sessionId: crypto.randomUUID() } }) },
  'POST /api/loginSession': { allowed: 'user', sample: () => ({ json: { sessionId: crypto.randomUUID() } }) },
  'PATCH /api/loginSession': {
    allowed: 'user',
    sample: async ({ caller }) => {
      const sessionId = crypto.randomUUID();
      if (caller) await caller.post('/api/loginSession', { sessionId });
      return { json: { sessionId } };
    },
  },
  'POST /api/sessionPulse': { allowed: 'public', sample: () => ({ json: { sessionId: crypto.randomUUID() } }) },
  'POST /api/sessionActivity': { allowed: 'user', sample: () => ({ json: { sessionId: crypto.randomUUID() } }) },
  'POST /api/setPersistentTokenCookie': { allowed: 'user', sample: () => ({ json: { token: 'walk' } }) },
  'GET /api/sessions': { allowed: 'user', sample: () => ({}) },
  // Ends a second session of the caller's own, never the one the walk is using.
  'DELETE /api/sessions/:sessionId': {
    allowed: 'user',
    sample: async ({ lore, caller }) => {
      if (!caller) return { params: { sessionId: crypto.randomUUID() } };
      await lore.anotherSession(caller);
      const newest = await lore.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', caller.userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      return { params: { sessionId: newest.id } };
    },
  },
  'POST /api/sessions/sign-out-others': { allowed: 'user', sample: () => ({}) },
  'GET /api/me/api-tokens': { allowed: 'user', sample: () => ({}) },
  'POST /api/me/api-tokens': {
    allowed: 'member',
    sample: ({ account }) => ({ json: { accountId: account.id, name: 'Walk', access: 'read', expiresInDays: 7 } }),
  },
  // Revokes a token of the caller's own (someone else's is a 404: server/routes/api-tokens/api-tokens.test.ts).
  'DELETE /api/me/api-tokens/:tokenId': {
    allowed: 'user',
    sample: async ({ lore, caller }) => {
      const membership = caller
        ? await lore.db
            .selectFrom('account_members')
            .select('account_id')
            .where('user_id', '=', caller.userId)
            .executeTakeFirst()
        : undefined;
      if (!caller || !membership) return { params: { tokenId: crypto.randomUUID() } };
      const { id } = await lore.db
        .insertInto('api_tokens')
        .values({
          user_id: caller.userId,
          account_id: membership.account_id,
          name: 'Walk',
          access: 'read',
          token_hash: crypto.randomUUID(),
          token_start: 'lore_walk',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { params: { tokenId: id } };
    },
  },
  'GET /api/accounts/:accountId/knowledge/:knowledgeId/collaboration': {
    leftTo:
      'server/collaboration/collaboration.test.ts (a WebSocket; its denials are tested there) and api-tokens.test.ts (no token opens it)',
  },
  'GET /api/events': {
    leftTo: 'server/routes/events/events.test.ts (a stream stays open; its denials are tested there)',
  },

  'GET /api/accounts/:accountId': { allowed: 'member', sample: inWorkspace },
  'PATCH /api/accounts/:accountId': {
    allowed: 'admin',
    sample: (context) => ({ ...inWorkspace(context), json: { name: context.account.name } }),
  },
  'DELETE /api/accounts/:accountId': { allowed: 'owner', destroysWorkspace: true, sample: inWorkspace },
  'GET /api/accounts/:accountId/stats': { allowed: 'member', sample: inWorkspace },
  'GET /api/accounts/:accountId/example-questions': {
    allowed: 'member',
    sample: (context) => ({ ...inWorkspace(context), query: { count: '3' } }),
  },
  'POST /api/aiKnowledgeSearch': {
    allowed: 'member',
    sample: ({ account }) => ({ json: { accountId: account.id, query: 'Who keeps the lantern?' } }),
  },

  'GET /api/accounts/:accountId/knowledge': {
    allowed: 'member',
    sample: (context) => ({ ...inWorkspace(context), query: { search: 'lantern', tag: 'walked' } }),
  },
  'GET /api/accounts/:accountId/knowledge/tags': { allowed: 'member', sample: inWorkspace },
  'GET /api/accounts/:accountId/knowledge/count': { allowed: 'member', sample: inWorkspace },
  'GET /api/accounts/:accountId/knowledge/weekly': { allowed: 'member', sample: inWorkspace },
  'POST /api/accounts/:accountId/knowledge': {
    allowed: 'member',
    sample: (context) => ({ ...inWorkspace(context), json: { title: 'A walk note', content: '<p>Note</p>' } }),
  },
  'GET /api/accounts/:accountId/knowledge/:knowledgeId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: onItem,
  },
  'PATCH /api/accounts/:accountId/knowledge/:knowledgeId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: (context) => ({ ...onItem(context), json: { title: context.workspace.item.title } }),
  },
  'DELETE /api/accounts/:accountId/knowledge/:knowledgeId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async ({ account, workspace }) => {
      const doomed = await createItem(workspace.owner, workspace.id, {
        title: 'To be deleted',
        collectionId: workspace.itemCollectionId,
      });
      return { params: { accountId: account.id, knowledgeId: doomed.id } };
    },
  },
  'GET /api/accounts/:accountId/knowledge/:knowledgeId/revisions': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: onItem,
  },
  'POST /api/accounts/:accountId/knowledge/:knowledgeId/revisions': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: (context) => ({ ...onItem(context), json: { name: 'As walked' } }),
  },
  'GET /api/accounts/:accountId/knowledge/:knowledgeId/revisions/:version': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    // Version 1 is the item as made: its current version, or kept since.
    sample: (context) => ({ params: { ...onItem(context).params, version: '1' } }),
  },
  'POST /api/accounts/:accountId/knowledge/:knowledgeId/revisions/:version/restore': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async ({ account, workspace }) => {
      const item = await createItem(workspace.owner, workspace.id, {
        title: 'To be restored',
        collectionId: workspace.itemCollectionId,
      });
      await workspace.owner.patch(`/api/accounts/${workspace.id}/knowledge/${item.id}`, { title: 'Edited' });
      return { params: { accountId: account.id, knowledgeId: item.id, version: '1' }, json: {} };
    },
  },
  'POST /api/accounts/:accountId/knowledge-images': {
    allowed: 'member',
    sample: (context) => ({ ...inWorkspace(context), upload: sampleImages.gif }),
  },
  'POST /api/accounts/:accountId/knowledge-pdfs': {
    allowed: 'member',
    sample: (context) => ({ ...inWorkspace(context), pdf: makePdf([['A walked page']]) }),
  },
  // The workspace's owner uploads a PDF; the caller attaches it to the workspace's item.
  'POST /api/linkKnowledgePdf': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async ({ account, workspace }) => {
      const uploaded = await uploadPdf(
        workspace.owner,
        workspace.id,
        { bytes: makePdf([['Walked']]) },
        sampleImages.png,
      );
      if (uploaded.status !== 201) throw new Error(`The walk's PDF was refused: ${uploaded.status}`);
      const pdf = uploaded.body.data as { path: string; thumbnailPath: string };
      return {
        json: {
          knowledgeId: workspace.item.id,
          accountId: account.id,
          pdfPath: pdf.path,
          pdfFilename: 'walked.pdf',
          thumbnailPath: pdf.thumbnailPath,
          thumbnailDataUrl: '',
          extractedText: '',
        },
      };
    },
  },
  // A lone image is no document: the import answers 200 with nothing imported.
  'POST /api/accounts/:accountId/imports': {
    allowed: 'member',
    sample: (context) => ({ ...inWorkspace(context), upload: sampleImages.gif }),
  },
  'GET /api/accounts/:accountId/export': { allowed: 'admin', sample: inWorkspace },
  'GET /api/secureImage': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    // The file's path names its account; an accountId beside it must not count.
    sample: ({ account, workspace }) => ({
      query: { accountId: account.id, bucket: 'knowledge-images', path: workspace.imagePath },
    }),
  },

  'GET /api/accounts/:accountId/collections': { allowed: 'member', sample: inWorkspace },
  'GET /api/accounts/:accountId/collections/:collectionId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: ({ account, workspace }) => ({
      params: { accountId: account.id, collectionId: workspace.itemCollectionId },
    }),
  },
  'GET /api/accounts/:accountId/collections/:collectionId/tree': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: ({ account, workspace }) => ({
      params: { accountId: account.id, collectionId: workspace.itemCollectionId },
    }),
  },
  'POST /api/accounts/:accountId/collections': {
    allowed: 'admin',
    sample: (context) => ({ ...inWorkspace(context), json: { name: 'A walked collection' } }),
  },
  'PATCH /api/accounts/:accountId/collections/:collectionId': {
    allowed: 'admin',
    namesObject: true,
    namesItem: true,
    sample: ({ account, workspace }) => ({
      params: { accountId: account.id, collectionId: workspace.itemCollectionId },
      json: { description: 'Walked' },
    }),
  },
  'PUT /api/accounts/:accountId/collections/order': {
    allowed: 'admin',
    sample: async ({ lore, account }) => {
      const rows = await lore.db
        .selectFrom('collections')
        .select('id')
        .where('account_id', '=', account.id)
        .orderBy('position')
        .execute();
      return { ...inWorkspace({ account } as SampleContext), json: { ids: rows.map((row) => row.id) } };
    },
  },
  'DELETE /api/accounts/:accountId/collections/:collectionId': {
    allowed: 'admin',
    namesObject: true,
    namesItem: true,
    sample: async ({ account, workspace }) => {
      const made = await workspace.owner.post(`/api/accounts/${workspace.id}/collections`, { name: 'To be deleted' });
      return {
        params: { accountId: account.id, collectionId: made.body.data.id as string },
        query: { moveItemsTo: workspace.itemCollectionId },
      };
    },
  },
  'POST /api/accounts/:accountId/knowledge/:knowledgeId/move': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async ({ account, workspace }) => {
      const item = await createItem(workspace.owner, workspace.id, {
        title: 'To be moved',
        collectionId: workspace.itemCollectionId,
      });
      return {
        params: { accountId: account.id, knowledgeId: item.id },
        json: { collectionId: workspace.itemCollectionId, parentId: null, position: 0 },
      };
    },
  },

  'GET /api/accounts/:accountId/stars': { allowed: 'member', sample: inWorkspace },
  'POST /api/accounts/:accountId/stars': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: (context) => ({ ...inWorkspace(context), json: { knowledgeId: context.workspace.item.id } }),
  },
  'DELETE /api/accounts/:accountId/stars/:knowledgeId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: onItem,
  },
  'GET /api/accounts/:accountId/knowledge/:knowledgeId/comments': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: onItem,
  },
  'POST /api/accounts/:accountId/knowledge/:knowledgeId/comments': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: (context) => ({ ...onItem(context), json: { body: '<p>A walking comment</p>' } }),
  },
  'PUT /api/accounts/:accountId/knowledge/:knowledgeId/watch': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: (context) => ({ ...onItem(context), json: { watching: true } }),
  },
  'GET /api/accounts/:accountId/knowledge/:knowledgeId/mentionable': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: (context) => ({ ...onItem(context), query: { q: 'walk' } }),
  },
  'POST /api/accounts/:accountId/comment-threads/:threadId/comments': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async (context) => ({
      params: { accountId: context.account.id, threadId: (await walkComment(context)).threadId },
      json: { body: '<p>A walking reply</p>' },
    }),
  },
  'PATCH /api/accounts/:accountId/comment-threads/:threadId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async (context) => ({
      params: { accountId: context.account.id, threadId: (await walkComment(context)).threadId },
      json: { resolved: true },
    }),
  },
  // The caller's own comment when they are in the workspace (only authors edit); the owner's otherwise.
  'PATCH /api/accounts/:accountId/comments/:commentId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async (context) => ({
      params: { accountId: context.account.id, commentId: (await walkComment(context)).commentId },
      json: { body: '<p>Edited on the walk</p>' },
    }),
  },
  'DELETE /api/accounts/:accountId/comments/:commentId': {
    allowed: 'member',
    namesObject: true,
    namesItem: true,
    sample: async (context) => ({
      params: { accountId: context.account.id, commentId: (await walkComment(context)).commentId },
    }),
  },
  'GET /api/accounts/:accountId/notifications': { allowed: 'member', sample: inWorkspace },
  'POST /api/accounts/:accountId/notifications/read-all': { allowed: 'member', sample: inWorkspace },
  // The owner's own notification when the owner calls; for anyone else it is someone else's (404), so the walk
  // names the caller's own: a notification made for them on the walked item.
  'POST /api/accounts/:accountId/notifications/:notificationId/read': {
    allowed: 'member',
    namesObject: true,
    sample: async (context) => ({
      params: { accountId: context.account.id, notificationId: await walkNotification(context) },
    }),
  },
  'GET /api/me/notification-settings': { allowed: 'user', sample: () => ({}) },
  'PATCH /api/me/notification-settings': { allowed: 'user', sample: () => ({ json: { comment_email: 'daily' } }) },
  'POST /api/unsubscribe': {
    allowed: 'public',
    sample: async ({ lore, workspace }) => ({
      json: { token: (await unsubscribeLinksOf(lore.deps.auth)).token(workspace.member.userId) },
    }),
  },
  'POST /api/updateStarPositions': {
    allowed: 'member',
    sample: ({ account }) => ({ json: { accountId: account.id, updates: [] } }),
  },

  'GET /api/getAccountUsers': { allowed: 'member', sample: ({ account }) => ({ query: { accountId: account.id } }) },
  'POST /api/inviteUser': {
    allowed: 'admin',
    sample: ({ account }) => ({
      json: { accountId: account.id, email: `walk-${crypto.randomUUID()}@example.com`, role: 'member' },
    }),
  },
  'DELETE /api/removeUser': {
    allowed: 'admin',
    namesObject: true,
    sample: async ({ lore, account, workspace }) => ({
      query: { accountId: account.id, userId: (await addWalkMember(lore, workspace.id)).userId },
    }),
  },
  'DELETE /api/cancelInvite': {
    allowed: 'admin',
    namesObject: true,
    sample: async ({ account, workspace }) => ({
      query: { accountId: account.id, inviteId: await inviteToWalkWorkspace(workspace.owner, workspace.id) },
    }),
  },
  'PUT /api/updateUserRole': {
    allowed: 'owner',
    namesObject: true,
    sample: async ({ lore, account, workspace }) => ({
      json: { accountId: account.id, userId: (await addWalkMember(lore, workspace.id)).userId, role: 'admin' },
    }),
  },
  'PUT /api/transferOwnership': {
    allowed: 'owner',
    destroysWorkspace: true,
    namesObject: true,
    sample: ({ account, workspace }) => ({
      json: {
        accountId: account.id,
        currentOwnerId: workspace.owner.userId,
        newOwnerId: workspace.admin.userId,
        newOwnerRole: 'admin',
      },
    }),
  },
};

/**
 * A comment in the walked workspace's item (the restricted one for the outsider), written straight to the
 * database (no rate limit): the caller's own when they are one of its people, the owner's otherwise.
 */
async function walkComment({ lore, workspace, caller }: SampleContext) {
  const people = [workspace.owner, workspace.admin, workspace.member].map((person) => person.userId);
  const author = caller && people.includes(caller.userId) ? caller.userId : workspace.owner.userId;
  const threadId = await insertThread(lore.db, {
    accountId: workspace.id,
    knowledgeId: workspace.item.id,
    quote: null,
    userId: author,
  });
  const commentId = await insertComment(lore.db, {
    threadId,
    accountId: workspace.id,
    knowledgeId: workspace.item.id,
    userId: author,
    body: '<p>Walked comment</p>',
  });
  return { threadId, commentId };
}

/** A notification for the caller when they are one of the walked workspace's people (the owner's otherwise). */
async function walkNotification(context: SampleContext) {
  const { lore, workspace, caller } = context;
  const people = [workspace.owner, workspace.admin, workspace.member].map((person) => person.userId);
  const userId = caller && people.includes(caller.userId) ? caller.userId : workspace.owner.userId;
  const { threadId, commentId } = await walkComment(context);
  const [id] = await insertNotifications(lore.db, [
    {
      accountId: workspace.id,
      userId,
      kind: 'reply',
      knowledgeId: workspace.item.id,
      threadId,
      commentId,
      actorId: null,
      mail: 'none',
    },
  ]);
  return id!;
}
