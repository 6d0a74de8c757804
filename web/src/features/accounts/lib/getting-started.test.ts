import { describe, expect, it } from 'vitest';
import { gettingStartedSteps, isNewUser } from './getting-started';

const at = (iso: string) => Date.parse(iso);

describe('greeting someone as new', () => {
  it('is new in the sign-in that made the user, on its first day', () => {
    expect(isNewUser('2026-03-02T09:00:00Z', '2026-03-02T09:00:01Z', at('2026-03-02T17:00:00Z'))).toBe(true);
  });

  it('is back after a later sign-in', () => {
    expect(isNewUser('2026-03-02T09:00:00Z', '2026-03-02T11:00:00Z', at('2026-03-02T11:05:00Z'))).toBe(false);
  });

  it('is back after the first day, however long the first sign-in lasts', () => {
    expect(isNewUser('2026-03-02T09:00:00Z', '2026-03-02T09:00:01Z', at('2026-03-03T09:00:01Z'))).toBe(false);
  });
});

describe('the first steps', () => {
  const fresh = { items: 0, members: 1, pendingInvites: 0, canInvite: true, askedQuestion: false, hasName: false };

  it('waits until every fact is known', () => {
    expect(gettingStartedSteps({ ...fresh, items: undefined })).toBeNull();
    expect(gettingStartedSteps({ ...fresh, hasName: undefined })).toBeNull();
    expect(gettingStartedSteps({ ...fresh, pendingInvites: undefined })).toBeNull();
  });

  it('lists all four, none done, for a new owner of an empty workspace', () => {
    expect(gettingStartedSteps(fresh)).toEqual([
      { id: 'write', done: false },
      { id: 'invite', done: false },
      { id: 'ask', done: false },
      { id: 'profile', done: false },
    ]);
  });

  it('ticks each step off from the data', () => {
    const done = (facts: Partial<typeof fresh>) =>
      gettingStartedSteps({ ...fresh, ...facts })!
        .filter((step) => step.done)
        .map((step) => step.id);
    expect(done({ items: 3 })).toEqual(['write']);
    expect(done({ members: 2 })).toEqual(['invite']);
    expect(done({ pendingInvites: 1 })).toEqual(['invite']);
    expect(done({ askedQuestion: true })).toEqual(['ask']);
    expect(done({ hasName: true })).toEqual(['profile']);
  });

  it('leaves inviting out for someone who may not invite', () => {
    const steps = gettingStartedSteps({ ...fresh, canInvite: false, pendingInvites: undefined });
    expect(steps?.map((step) => step.id)).toEqual(['write', 'ask', 'profile']);
  });
});
