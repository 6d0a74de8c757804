import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AuthError, linkFailureOf, redeemLink, signInErrorMessage } from './sign-in';

const GENERIC = 'Authentication failed. Please try again.';
const wait = (seconds: number) =>
  `For security purposes, please wait ${seconds} seconds before requesting another login link.`;

describe('signInErrorMessage', () => {
  it("turns the server's one-link-a-minute refusal into the spec's wait message, with its seconds", () => {
    expect(
      signInErrorMessage({
        status: 429,
        message: 'For security purposes, you can only request this after 42 seconds.',
      }),
    ).toBe(wait(42));
    expect(
      signInErrorMessage({ status: 429, message: 'For security purposes, you can only request this after 1 second.' }),
    ).toBe(wait(1));
  });

  it('waits 60 seconds when a rate limit gives no time', () => {
    expect(signInErrorMessage({ status: 429 })).toBe(wait(60));
    expect(signInErrorMessage({ status: 429, message: 'Too many requests' })).toBe(wait(60));
  });

  it('recognises a rate limit by its message when the status is missing', () => {
    expect(signInErrorMessage({ message: 'Too Many Requests' })).toBe(wait(60));
    expect(signInErrorMessage({ message: 'Request failed with status 429' })).toBe(wait(60));
    expect(signInErrorMessage({ message: 'Please wait after 15 seconds' })).toBe(wait(15));
  });

  it('answers everything else with the generic failure, never the raw message', () => {
    expect(signInErrorMessage({ status: 400, message: 'Invalid email' })).toBe(GENERIC);
    expect(signInErrorMessage({ status: 500, message: 'Internal Server Error' })).toBe(GENERIC);
    expect(signInErrorMessage({})).toBe(GENERIC);
    expect(signInErrorMessage(null)).toBe(GENERIC);
    expect(signInErrorMessage(undefined)).toBe(GENERIC);
  });
});

describe('linkFailureOf', () => {
  const refusal = (body: object) => new ApiError(400, 'refused', (body as { code?: string }).code, body);

  it('reads why a link failed, and its address, from the redeem answer', () => {
    expect(linkFailureOf(refusal({ code: 'link_used', email: 'a@example.com' }))).toEqual({
      reason: 'used',
      email: 'a@example.com',
    });
    expect(linkFailureOf(refusal({ code: 'link_expired', email: 'a@example.com' }))).toEqual({
      reason: 'expired',
      email: 'a@example.com',
    });
  });

  it('calls anything else a link that is not valid', () => {
    expect(linkFailureOf(refusal({ code: 'invalid_link' }))).toEqual({ reason: 'invalid' });
    expect(linkFailureOf(refusal({ code: 'link_used' }))).toEqual({ reason: 'invalid' });
    expect(linkFailureOf(new TypeError('Failed to fetch'))).toEqual({ reason: 'invalid' });
  });
});

describe('redeemLink', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fails as an AuthError with the spec's text, and why", async () => {
    const answer = { error: 'This sign-in link was already used.', code: 'link_used', email: 'a@example.com' };
    vi.stubGlobal('fetch', async () => Response.json(answer, { status: 400 }));
    const failure = await redeemLink({ token: 'used' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthError);
    expect(failure).toMatchObject({
      name: 'AuthError',
      message: GENERIC,
      failure: { reason: 'used', email: 'a@example.com' },
    });
  });
});
