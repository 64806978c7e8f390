// axe-core on each screen of the operators' console, in es and en, signed in where the screen needs
// it, with what console.test.ts leaves on them: an inbox of 60 wait-list leads and a design report
// contacted with a note, three operators, a rule for new wait-list leads and the mail it sent.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperator, signInAs } from '../server/support/admin.ts';
import { postJson, VALID } from '../server/support/api.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, expectNoAxeViolationsInBothLanguages, seedInbox, signIn, startConsolePlatform } from './support/console.ts';
import type { Platform } from './support/platform.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Platform;
let reportId: string;

beforeAll(async () => {
  platform = await startConsolePlatform();
  const { db } = platform.api;
  reportId = await seedInbox(db);
  await createOperator(db, 'lock@example.com', 'agent');
  await createOperator(db, 'cambio@example.com', 'agent');
  const admin = await signInAs(platform.origin, ADMIN.email, ADMIN.password);
  expect((await admin.call(`/api/admin/leads/${reportId}`, { method: 'PATCH', body: { status: 'contacted' } })).status).toBe(204);
  expect((await admin.call(`/api/admin/leads/${reportId}/notes`, { method: 'POST', body: { text: 'Llamar el lunes' } })).status).toBe(201);
  const rules = [{ kind: 'wait-list', recipients: ['equipo@example.com'], mode: 'each', lang: 'en' }];
  expect((await admin.call('/api/admin/notifications', { method: 'PUT', body: { rules } })).status).toBe(204);
  const lead = await postJson(`${platform.origin}/api/wait-list`, { ...VALID['wait-list'], nombre: 'Aviso Nuevo' });
  expect(lead.status).toBe(201);
  // The mail goes through the outbox: the screen lists it once it is sent.
  await vi.waitFor(
    async () => {
      const { recent } = (await (await admin.call('/api/admin/notifications')).json()) as { recent: unknown[] };
      expect(recent).toHaveLength(1);
    },
    { timeout: 15_000, interval: 100 },
  );
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
