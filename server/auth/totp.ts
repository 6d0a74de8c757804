import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '../../common/two-factor';

const PERIOD_SECONDS = 30;
/** A code the app showed up to this many steps (5 minutes) ago is called expired rather than wrong. */
const EXPIRED_STEPS = 10;

/**
 * Authenticator-app codes (RFC 6238 through otpauth) and what keeps them safe:
 * secrets encrypted at rest with a key derived from the auth secret, and
 * recovery codes stored only as hashes.
 */
export function createTotpVault(authSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'lore', 'two-factor secrets', 32));

  const encrypt = (plain: string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  };

  const decrypt = (stored: string) => {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Unknown two-factor secret format');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  };

  const totpOf = (secret: string, label: string) =>
    new TOTP({
      issuer: 'Lore',
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });

  return {
    /** A new secret: stored encrypted, shown once as text and as a QR code of its otpauth:// address. */
    async newSecret(label: string) {
      const secret = new Secret({ size: 20 }).base32;
      const uri = totpOf(secret, label).toString();
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
      return {
        secret,
        uri,
        encrypted: encrypt(secret),
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * The time step a code belongs to (this one or a neighbour, for clocks a
     * little off), or undefined when it is wrong. The caller accepts a step only
     * once, so a code cannot be replayed.
     */
    stepOf(encrypted: string, code: string, now = Date.now()): number | undefined {
      const delta = totpOf(decrypt(encrypted), 'Lore').validate({ token: code, timestamp: now, window: 1 });
      return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
    },

    /** Whether a code refused now was the app's a little earlier (older than stepOf allows): expired, not mistyped. */
    isExpired(encrypted: string, code: string, now = Date.now()): boolean {
      const delta = totpOf(decrypt(encrypted), 'Lore').validate({ token: code, timestamp: now, window: EXPIRED_STEPS });
      return delta !== null && delta < -1;
    },
  };
}

export type TotpVault = ReturnType<typeof createTotpVault>;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like "k7m2p-x9qra", from an alphabet without look-alikes. */
export function newRecoveryCodes(): string[] {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** How a recovery code is stored and looked up: lower case, without the dash, hashed. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.trim().toLowerCase().replace('-', '')).digest('base64url');
