import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataFolder } from './data-folder-lock';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lore-lock-'));

describe('lockDataFolder', () => {
  it('refuses a folder another running process holds', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'lore.lock'), String(process.ppid));
    expect(() => lockDataFolder(dir)).toThrow(/in use by another Lore process \(pid \d+\)/);
  });

  it('takes over a lock whose process is gone, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'lore.lock'), '999999999');
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, 'lore.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'lore.lock'))).toBe(false);
  });
});
