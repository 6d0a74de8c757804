import crypto from 'node:crypto';

/**
 * The unsubscribe link of notification e-mails (decision 38): `/unsubscribe?token=`, a token that
 * names the person and is signed with a key derived from the auth secret (as avatar URLs are), so it
 * works without signing in and no one can make one for another person. It does not expire: an old
 * e-mail's link still stops the e-mails.
 */
export interface UnsubscribeLinks {
  token(userId: string): string;
  /** The person a token names, or undefined when it is not one Lore signed. */
  check(token: string): string | undefined;
}

export function unsubscribeLinks(authSecret: string): UnsubscribeLinks {
  const key = crypto.createHmac('sha256', authSecret).update('lore unsubscribe key v1').digest();
  const mac = (userId: string) => crypto.createHmac('sha256', key).update(userId).digest('base64url');
  return {
    token: (userId) => `${userId}.${mac(userId)}`,
    check(token) {
      const [userId, given, ...rest] = token.split('.');
      if (!userId || !given || rest.length > 0) return undefined;
      const expected = Buffer.from(mac(userId));
      const got = Buffer.from(given);
      return expected.length === got.length && crypto.timingSafeEqual(expected, got) ? userId : undefined;
    },
  };
}

const cache = new WeakMap<object, Promise<UnsubscribeLinks>>();

/** The unsubscribe links of an auth instance, keyed by the secret its context carries. */
export function unsubscribeLinksOf(auth: { $context: Promise<{ secret: string }> }): Promise<UnsubscribeLinks> {
  let links = cache.get(auth);
  if (!links) {
    links = auth.$context.then((context) => unsubscribeLinks(context.secret));
    cache.set(auth, links);
  }
  return links;
}
