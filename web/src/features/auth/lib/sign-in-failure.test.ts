import { describe, expect, it } from 'vitest';
import { signInFailureFrom } from './sign-in-failure';

describe('signInFailureFrom', () => {
  it('says nothing without an error', () => {
    expect(signInFailureFrom(null, { linkFailure: { reason: 'used', email: 'a@example.com' } })).toBeUndefined();
  });

  it('says why a link failed, and offers a new one to its address when it was used or expired', () => {
    expect(signInFailureFrom('link', { linkFailure: { reason: 'used', email: 'a@example.com' } })).toEqual({
      reason: 'This sign-in link was already used. Each link works once.',
      resendTo: 'a@example.com',
    });
    expect(signInFailureFrom('link', { linkFailure: { reason: 'expired', email: 'a@example.com' } })).toEqual({
      reason: 'This sign-in link has expired. Links work for 10 minutes.',
      resendTo: 'a@example.com',
    });
    expect(signInFailureFrom('link', { linkFailure: { reason: 'invalid' } })).toEqual({
      reason: 'This sign-in link is not valid.',
      resendTo: undefined,
    });
  });

  it('says the callback page was opened without a link', () => {
    expect(signInFailureFrom('callback', null)).toEqual({
      reason: 'The sign-in page was opened without a sign-in link.',
    });
  });

  it('keeps to the generic text for anything it cannot read', () => {
    expect(signInFailureFrom('oauth', null)).toEqual({});
    expect(signInFailureFrom('link', null)).toEqual({});
    expect(signInFailureFrom('link', { linkFailure: { reason: 'used' } })).toEqual({});
    expect(signInFailureFrom('link', { linkFailure: { reason: 'used', email: 42 } })).toEqual({});
  });
});
