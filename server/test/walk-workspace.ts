import type { Role } from '../db/schema';
import { insertMember } from '../data/account-members';
import { createItem, sampleImages, uploadFile } from './knowledge-factory';
import type { SignedInClient, TestServer } from './test-server';

/** A workspace with one user per role, an item and an image, whose every marker a stranger must never see. */
export type WalkWorkspace = Awaited<ReturnType<typeof createWalkWorkspace>>;

/** Builds a workspace for the route walk: owner, admin and member, one item (with words to ask about) and one image. */
export async function createWalkWorkspace(lore: TestServer) {
  const marker = crypto.randomUUID();
  const name = `Walked workspace ${marker}`;
  const account = await lore.account({ name, roles: ['admin', 'member'] });
  const [admin, member] = account.members;
  const item = await createItem(account.owner, account.id, {
    title: `Walked item ${marker}`,
    content: '<p>The lantern keeper of the harbour logs every ship.</p>',
    tags: ['walked'],
  });
  const upload = await uploadFile(
    account.owner,
    `/api/accounts/${account.id}/knowledge-images`,
    sampleImages.png,
    'walked.png',
    'image/png',
  );
  if (upload.status !== 201) throw new Error(`The walk's image was refused: ${upload.status}`);
  return {
    id: account.id,
    name,
    owner: account.owner,
    admin,
    member,
    item,
    imagePath: upload.body.data.path as string,
    /** Text that identifies this workspace's data in an answer. */
    secrets: [account.id, name, item.title, account.owner.email, admin.email, member.email],
  };
}

/** A new user who joins the workspace with `role`, for requests that remove or change a member. */
export async function addWalkMember(lore: TestServer, accountId: string, role: Role = 'member') {
  const user = await lore.user();
  await insertMember(lore.db, accountId, user.userId, role);
  return user;
}

/** An open invitation the workspace's owner sends to `email` (a new address unless given); its id. */
export async function inviteToWalkWorkspace(owner: SignedInClient, accountId: string, email?: string) {
  const invited = await owner.post('/api/inviteUser', {
    accountId,
    email: email ?? `invitee-${crypto.randomUUID()}@example.com`,
    role: 'member',
  });
  if (invited.status !== 201) throw new Error(`The walk's invitation was refused: ${invited.status}`);
  return invited.body.data.id as string;
}
