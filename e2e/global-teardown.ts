import fs from 'node:fs';

/** Removes the throw-away data dir the server used. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('mealplan-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
