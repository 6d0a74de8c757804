import fs from 'node:fs';

/** The system Chromium the browser tests drive (we never download one). */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && fs.existsSync(candidate)));
}
