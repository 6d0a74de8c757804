import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAccount } from '../data/accounts';
import { itemContentPages } from '../data/item-contents';
import { enqueueJob } from '../data/jobs';
import { insertKnowledge } from '../data/knowledge';
import { createItem, sampleImages, uploadFile } from '../test/knowledge-factory';
import type { SignedInClient } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';
import { IMAGE_GRACE_MS, SWEEP_IMAGES } from './clean-up-images';
import { createJobWorker } from './worker';

const lore = useTestServer();
let owner: SignedInClient;
let accountId: string;

beforeEach(async () => {
  const team = await lore.account();
  [owner, accountId] = [team.owner, team.id];
});
afterEach(() => {
  vi.useRealTimers();
});

const upload = async () =>
  (await uploadFile(owner, `/api/accounts/${accountId}/knowledge-images`, sampleImages.png, 'a.png', 'image/png')).body
    .data as { path: string; url: string };
const showing = (...images: Array<{ path: string; url: string }>) =>
  '<p>Text</p>' + images.map((image) => `<img src="${image.url}" data-path="${image.path}">`).join('');
const itemPath = (id: string) => `/api/accounts/${accountId}/knowledge/${id}`;
const filesRoot = () => path.join(lore.deps.env.DATA_DIR, 'files', 'knowledge-images');
const stored = (image: { path: string }) => fs.existsSync(path.join(filesRoot(), image.path));

/** Moves the clock past the grace period of every file stored so far. */
function afterGracePeriod() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + IMAGE_GRACE_MS + 60_000);
}

/** What the periodic sweep does: a clean-up of every account folder, run to the end. */
async function sweep() {
  await enqueueJob(lore.db, { kind: SWEEP_IMAGES, key: 'all' });
  await lore.jobs.runUntilIdle();
}

describe('the image clean-up', () => {
  it('removes an image taken out of an article once its grace period is over, and not before', async () => {
    const [removed, kept] = [await upload(), await upload()];
    const item = await createItem(owner, accountId, { title: 'Pictures', content: showing(removed, kept) });
    expect((await owner.patch(itemPath(item.id), { content: showing(kept) })).status).toBe(200);
    await lore.jobs.runUntilIdle();
    await sweep();
    expect([stored(removed), stored(kept)]).toEqual([true, true]);

    afterGracePeriod();
    await sweep();
    expect([stored(removed), stored(kept)]).toEqual([false, true]);
  });

  it('keeps an image another item of the account still shows, and removes it once none does', async () => {
    const image = await upload();
    const first = await createItem(owner, accountId, { title: 'First', content: showing(image) });
    const second = await createItem(owner, accountId, { title: 'Second', content: showing(image) });
    afterGracePeriod();

    expect((await owner.delete(itemPath(first.id))).status).toBe(204);
    await lore.jobs.runUntilIdle();
    expect(stored(image)).toBe(true);
    expect((await owner.get(image.url)).status).toBe(200);

    // The edit that takes out its last showing queues the clean-up itself, no sweep needed.
    expect((await owner.patch(itemPath(second.id), { content: '<p>No pictures</p>' })).status).toBe(200);
    await lore.jobs.runUntilIdle();
    expect(stored(image)).toBe(false);
  });

  it('removes the images of a deleted item after the grace period', async () => {
    const image = await upload();
    const item = await createItem(owner, accountId, { title: 'Soon gone', content: showing(image) });
    expect((await owner.delete(itemPath(item.id))).status).toBe(204);
    await lore.jobs.runUntilIdle();
    expect(stored(image)).toBe(true);

    afterGracePeriod();
    await sweep();
    expect(stored(image)).toBe(false);
  });

  it('removes the whole folder of a deleted workspace at once', async () => {
    const [shown, unsaved] = [await upload(), await upload()];
    await createItem(owner, accountId, { title: 'Pictures', content: showing(shown) });
    expect((await owner.delete(`/api/accounts/${accountId}`)).status).toBe(204);
    await lore.jobs.runUntilIdle();
    expect(fs.existsSync(path.join(filesRoot(), accountId))).toBe(false);
    expect([stored(shown), stored(unsaved)]).toEqual([false, false]);
  });

  it('has the sweep remove the folder of a workspace deleted without a clean-up queued', async () => {
    await upload();
    await deleteAccount(lore.db, accountId);
    await sweep();
    expect(fs.existsSync(path.join(filesRoot(), accountId))).toBe(false);
  });

  it('keeps a freshly uploaded image that no saved item shows yet, until its grace period is over', async () => {
    const unsaved = await upload();
    // Another item's deletion queues a clean-up of the same account while the editor is still open.
    const other = await createItem(owner, accountId, { title: 'Other', content: showing(await upload()) });
    await owner.delete(itemPath(other.id));
    await lore.jobs.runUntilIdle();
    await sweep();
    expect(stored(unsaved)).toBe(true);

    afterGracePeriod();
    await sweep();
    expect(stored(unsaved)).toBe(false);
  });

  it('leaves other workspaces alone, even when an item there names the same file', async () => {
    const image = await upload();
    const theirs = await lore.account();
    // A foreign item may copy the address, but it cannot show another account's file, so it keeps nothing.
    await createItem(theirs.owner, theirs.id, { title: 'Copied', content: showing(image) });
    const theirImage = (
      await uploadFile(theirs.owner, `/api/accounts/${theirs.id}/knowledge-images`, sampleImages.gif, 'b.gif')
    ).body.data as { path: string; url: string };
    await createItem(theirs.owner, theirs.id, { title: 'Theirs', content: showing(theirImage) });
    afterGracePeriod();
    await sweep();
    expect([stored(image), stored(theirImage)]).toEqual([false, true]);
  });
});

describe('paging through an account', () => {
  it('reads every item once, a page at a time', async () => {
    const contents = Array.from({ length: 5 }, (_, i) => `<p>Item ${i}</p>`);
    await Promise.all(
      contents.map((content, i) =>
        insertKnowledge(lore.db, { accountId, userId: owner.userId, title: `Item ${i}`, content, tags: [] }),
      ),
    );
    const pages: string[][] = [];
    for await (const page of itemContentPages(lore.db, accountId, { pageSize: 2 })) pages.push(page);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().sort()).toEqual(contents);
  });
});

describe('the periodic sweep', () => {
  it('is queued by a started worker at once', async () => {
    const kind = `test_${crypto.randomUUID()}`;
    let ran!: () => void;
    const queued = new Promise<void>((resolve) => (ran = resolve));
    const worker = createJobWorker({
      db: lore.db,
      logger: pino({ level: 'silent' }),
      handlers: { [kind]: async () => ran() },
      repeat: [{ job: { kind, key: 'all' }, everyMs: 60 * 60_000 }],
      pollMs: 20,
    });
    worker.start();
    await queued;
    await worker.stop();
  });
});
