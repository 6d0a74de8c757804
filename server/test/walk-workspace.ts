import type { Role } from '../db/types';
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
  const restricted = await createRestrictedCorner(account.owner, account.id, marker);
  return {
    id: account.id,
    name,
    owner: account.owner,
    admin,
    member,
    item,
    imagePath: upload.body.data.path as string,
    /** The collection new items of the samples go in: the workspace's first, open to every member. */
    itemCollectionId: item.collectionId,
    /** Text that identifies this workspace's data in an answer. */
    secrets: [account.id, name, item.title, account.owner.email, admin.email, member.email],
    restricted,
  };
}

/**
 * A restricted collection no member was chosen for (decision 35), with an item and an image only
 * that item shows: what the walk's member must never see, on any route, and the object the
 * `outsider` caller names.
 */
async function createRestrictedCorner(owner: SignedInClient, accountId: string, marker: string) {
  const created = await owner.post(`/api/accounts/${accountId}/collections`, {
    name: `Board room ${marker}`,
    restricted: true,
  });
  if (created.status !== 201) throw new Error(`The walk's restricted collection was refused: ${created.status}`);
  const collectionId = created.body.data.id as string;
  const upload = await uploadFile(
    owner,
    `/api/accounts/${accountId}/knowledge-images`,
    sampleImages.gif,
    'board.gif',
    'image/gif',
  );
  if (upload.status !== 201) throw new Error(`The walk's restricted image was refused: ${upload.status}`);
  const imagePath = upload.body.data.path as string;
  const item = await createItem(owner, accountId, {
    title: `Board minutes ${marker}`,
    content: `<p>The quartermaster sells the zeppelin hangar.</p><img src="${upload.body.data.url as string}" data-path="${imagePath}">`,
    collectionId,
  });
  return {
    collectionId,
    item,
    imagePath,
    /** Text that identifies the restricted collection's data in an answer. */
    secrets: [collectionId, `Board room ${marker}`, item.id, item.title, 'zeppelin', imagePath],
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
