import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueueJob } from '../data/jobs';
import { sampleImages, uploadFile } from '../test/knowledge-factory';
import { useTestServer } from '../test/use-test-server';
import { AVATAR_GRACE_MS } from './clean-up-avatars';
import { SWEEP_IMAGES } from './clean-up-images';

const lore = useTestServer();
afterEach(() => vi.useRealTimers());

const avatarsRoot = () => path.join(lore.deps.env.DATA_DIR, 'files', 'avatars');

async function sweep() {
  await enqueueJob(lore.db, { kind: SWEEP_IMAGES, key: 'all' });
  await lore.jobs.runUntilIdle();
}

describe('the sweep of avatar files', () => {
  it('removes, once past its grace, a file no profile names, and keeps the avatar in use', async () => {
    const person = await lore.user();
    const uploaded = await uploadFile(person, '/api/me/avatar', sampleImages.png, 'me.png', 'image/png');
    const current = new URL(uploaded.body.data.profile.avatar_url, lore.baseUrl).searchParams.get('path')!;
    // A file left by an upload that never reached the profile.
    const stray = `${person.userId}/${crypto.randomUUID()}.png`;
    await lore.deps.files.put('avatars', stray, sampleImages.png);

    await sweep();
    expect(fs.existsSync(path.join(avatarsRoot(), stray))).toBe(true);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + AVATAR_GRACE_MS + 60_000);
    await sweep();
    expect(fs.existsSync(path.join(avatarsRoot(), stray))).toBe(false);
    expect(fs.existsSync(path.join(avatarsRoot(), current))).toBe(true);
  });
});
