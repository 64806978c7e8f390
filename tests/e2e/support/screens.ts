// Screenshots for people to look at (OBRA_SCREENSHOTS=<folder>), never for assertions.
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The two sizes every screen is looked at. */
export const SIZES = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

/**
 * Saves the screen at both sizes as `<name>-desktop.png` and `<name>-phone.png` when
 * OBRA_SCREENSHOTS names a folder, then returns to the desktop size.
 */
export async function look(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.OBRA_SCREENSHOTS;
  if (!dir) return;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(dir, `${name}-${size}.png`), fullPage });
  }
  await page.setViewportSize(SIZES.desktop);
}
