/** A sign-in this soon after the user was made is their first one (the sign-in that made them). */
const FIRST_SIGN_IN_WINDOW_MS = 5 * 60_000;
/** A person is greeted as new for at most their first day, however long that first sign-in lasts. */
const NEW_FOR_MS = 24 * 60 * 60_000;

/** Whether to greet someone as new: they are in the sign-in that made their user, on its first day. */
export function isNewUser(userCreatedAt: string, signedInAt: string, now = Date.now()): boolean {
  const created = Date.parse(userCreatedAt);
  const firstSignIn = Date.parse(signedInAt) - created < FIRST_SIGN_IN_WINDOW_MS;
  return firstSignIn && now - created < NEW_FOR_MS;
}

/** The dashboard's first steps. */
export type StepId = 'write' | 'invite' | 'ask' | 'profile';

/** What the dashboard knows about the workspace and the person; `undefined` while it is still loading. */
export interface StepFacts {
  /** Items in the workspace. */
  items?: number;
  /** Members of the workspace, and its open invitations (people already invited). */
  members?: number;
  pendingInvites?: number;
  /** Whether the person may invite (owners and admins). */
  canInvite?: boolean;
  /** Whether the person has asked the AI search a question in this workspace (this browser remembers). */
  askedQuestion: boolean;
  /** Whether the person's profile has a full name. */
  hasName?: boolean;
}

/**
 * The steps that apply to this person, each with whether it is done; null until
 * every fact is known, so steps do not appear and then tick off. Inviting
 * applies only to those who may invite, and is done once someone else is in or
 * invited.
 */
export function gettingStartedSteps(facts: StepFacts): Array<{ id: StepId; done: boolean }> | null {
  const { items, members, pendingInvites, canInvite, askedQuestion, hasName } = facts;
  if (items === undefined || members === undefined || canInvite === undefined || hasName === undefined) return null;
  if (canInvite && pendingInvites === undefined) return null;
  const steps: Array<{ id: StepId; done: boolean }> = [{ id: 'write', done: items > 0 }];
  if (canInvite) steps.push({ id: 'invite', done: members > 1 || (pendingInvites ?? 0) > 0 });
  steps.push({ id: 'ask', done: askedQuestion }, { id: 'profile', done: hasName });
  return steps;
}
