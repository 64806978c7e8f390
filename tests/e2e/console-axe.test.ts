// axe-core on each screen of the operators' console, in es and en, signed in where the screen needs
// it, on an inbox of 60 wait-list leads and a design report (the one console.test.ts works on).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectNoAxeViolationsInBothLanguages, seedInbox, signIn, startConsolePlatform } from './support/console.ts';
import type { Platform } from './support/platform.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Platform;
let reportId: string;

beforeAll(async () => {
  platform = await startConsolePlatform();
  reportId = await seedInbox(platform.api.db);
});
afterAll(() => platform?.close());

describe('axe', () => {
  it.each([
    ['set password', '/admin/set-password#token=x', '#new-password', false],
    ['sign in', '/admin', '#email', false],
    ['dashboard', '/admin', '.charts', true],
    ['inbox', '/admin/leads', 'table.leads', true],
    ['report lead', '/admin/leads/REPORT', '.timeline', true],
    ['users', '/admin/users', 'table.users', true],
    ['notifications', '/admin/notifications', '.rules', true],
    ['account', '/admin/account', '#current-password', true],
  ] as const)('has no violations on the %s screen, in es and en', async (name, path, ready, signedIn) => {
    const page = await browser.newPage();
    if (signedIn) await signIn(page, platform.origin);
    await page.goto(`${platform.origin}${path.replace('REPORT', reportId)}`);
    await page.locator(ready).first().waitFor();
    await expectNoAxeViolationsInBothLanguages(page, name);
  });
});
