import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/use-test-server';

const lore = useTestServer();

describe('/api/me', () => {
  it('shows the signed-in user and updates the full name', async () => {
    const email = `me-${crypto.randomUUID()}@example.com`;
    const user = await lore.user({ email });
    const me = await user.get('/api/me');
    expect(me.body.data).toMatchObject({ id: user.userId, email, profile: { mfa_enabled: false } });

    const updated = await user.patch('/api/me/profile', { full_name: '  Grace Hopper ' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.profile.full_name).toBe('Grace Hopper');
    expect((await user.get('/api/me')).body.data.profile.full_name).toBe('Grace Hopper');
    expect((await user.get('/api/auth/get-session')).body.user.name).toBe('Grace Hopper');
  });

  it('refuses an empty full name', async () => {
    const user = await lore.user({ name: 'Kept Name' });
    const response = await user.patch('/api/me/profile', { full_name: '   ' });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('Full name cannot be empty');
    expect((await user.get('/api/me')).body.data.profile.full_name).toBe('Kept Name');
  });

  it('asks a person without a name for one once: until they give it or skip it', async () => {
    const email = `ada.l-${crypto.randomUUID()}@example.com`;
    const unnamed = await lore.user({ email });
    const first = (await unnamed.get('/api/me')).body.data;
    expect([first.ask_for_name, first.display_name]).toEqual([true, email.split('@')[0]]);
    const skipped = await unnamed.post('/api/me/name-prompt/skip', {});
    expect([skipped.status, skipped.body.data.ask_for_name]).toEqual([200, false]);
    expect((await unnamed.get('/api/me')).body.data.ask_for_name).toBe(false);

    const named = await lore.user();
    expect((await named.get('/api/me')).body.data.ask_for_name).toBe(true);
    await named.patch('/api/me/profile', { full_name: 'Ada Lovelace' });
    const after = (await named.get('/api/me')).body.data;
    expect([after.ask_for_name, after.display_name]).toEqual([false, 'Ada Lovelace']);

    expect((await lore.user({ name: 'Grace Hopper' }).then((u) => u.get('/api/me'))).body.data.ask_for_name).toBe(
      false,
    );
  });

  it('answers 401 without a session', async () => {
    expect((await lore.anonymous().get('/api/me')).status).toBe(401);
    expect((await lore.anonymous().patch('/api/me/profile', { full_name: 'x' })).status).toBe(401);
    expect((await lore.anonymous().post('/api/me/name-prompt/skip', {})).status).toBe(401);
  });
});
