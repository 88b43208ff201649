import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** Where journeys keep their screenshots: E2E_SHOTS_DIR, or the e2e artifacts folder CI keeps (git-ignored). */
export const SHOTS_DIR =
  process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../artifacts/shots/', import.meta.url));

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Full-page screenshots of the page at 1280x800 and 390x844 as `{name}-{width}.png` in `dir` (one
 * folder per journey under SHOTS_DIR); the page is left at 1280x800.
 */
export async function shootBoth(page: Page, dir: string, name: string): Promise<void> {
  const folder = join(SHOTS_DIR, dir);
  mkdirSync(folder, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(folder, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
