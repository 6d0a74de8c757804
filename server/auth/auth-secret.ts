import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secret that signs session cookies: AUTH_SECRET when set, otherwise one
 * generated on first start and kept in the data folder, so `npm start` needs
 * no set-up and sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
