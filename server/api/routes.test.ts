import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateRoutes, ROUTES_FILE } from './generate-routes';

describe("common/api/routes.ts, the endpoints' methods and paths for the web", () => {
  it('is what the endpoints declare (else run npm run api:routes)', async () => {
    expect(fs.readFileSync(ROUTES_FILE, 'utf8')).toBe(await generateRoutes());
  });
});
