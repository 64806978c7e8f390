// A new language reaches every screen of the operators' console (docs/contributors/architecture.md#languages):
// the console and the API are built with the pseudo-language added as a new language is
// (support/pseudo-locale.ts, support/pseudo-server.ts); the operator signs in, picks it in the top
// bar's switch, and opens each main screen over seeded data at a phone's width and a desktop's. A
// plain ASCII word on screen that is not data is a text no catalogue gave; a text wider than its
// box overflows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '@obra/schema';
import { buildConsole } from '../../tools/build-console.ts';
import { serveStatic } from '../../host/static.ts';
import { createOperator, PASSWORD, signInAs } from '../server/support/admin.ts';
import { postJson, reportOn, startLocalApi, type LocalApi } from '../server/support/api.ts';
import { seedDashboard } from '../server/support/dashboard.ts';
import { useBrowser } from './support/browser.ts';
import { CURRENCIES, findings, PSEUDO, pseudoLocale } from './support/pseudo-locale.ts';
import { pseudoServer } from './support/pseudo-server.ts';

const OPERATOR = 'ana@example.com';
const out = mkdtempSync(join(tmpdir(), 'obra-pseudo-console-'));
let local: LocalApi;
let screens: string[] = [];
let data: string[] = [];

beforeAll(async () => {
  const [code] = await Promise.all([pseudoServer(), buildConsole(out, [pseudoLocale()])]);
  // The API, and the console as the host serves it: its assets, and its page for every other /admin path.
  local = await startLocalApi(
    { RATE_LIMIT: '0', MIN_FILL_MS: '0' },
    (api) => async (req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://console');
      if (pathname.startsWith('/api/')) return api.handle(req, res);
      if (pathname.startsWith('/admin/assets/') && (await serveStatic(req, res, out, pathname.slice('/admin'.length)))) return;
      if (pathname.startsWith('/admin')) return void (await serveStatic(req, res, out, '/index.html'));
      res.writeHead(404).end();
    },
    { code },
  );
  const { db } = local.api;
  await createOperator(db, OPERATOR, 'admin');
  await seedDashboard(db, await signInAs(local.base, OPERATOR));
  // A design report in the new language (its estimate on the lead's page).
  const report = await postJson(`${local.base}/api/form-report`, await reportOn(local.base), { 'accept-language': PSEUDO });
  expect(report.status).toBe(201);
  const { id: lead } = (await report.json()) as { id: string };
  const [order] = await db.query<{ id: string }>('select id from "order" order by created_at desc limit 1');
  const [partner] = await db.query<{ id: string }>("select id from lead where kind = 'partner' order by created_at desc limit 1");
  // Data on screen: what people typed and partners' pages sent, as the database holds it (names,
  // e-mails, phones, messages, places, sources, campaigns, partners' codes, the products bought,
  // the company's time zone, the deal stages' names and the message templates, which admins write per language), and the
  // languages' codes the lists tag rows with.
  const typed = await db.query<{ text: string | null }>(
    `select concat_ws(' ', name, email, phone, utm_campaign, partner_code) as text from lead
     union all select concat_ws(' ', comentario, referrer, utm_source) from wait_list
     union all select concat_ws(' ', message, referrer, utm_source) from contact
     union all select concat_ws(' ', pais, referrer, utm_source) from partner
     union all select concat_ws(' ', pais, departamento, ciudad, uso_especifico, referrer, utm_source) from report
     union all select concat_ws(' ', product, slug, customer_email) from "order" union all select email from admin_user
     union all select time_zone from console_setting union all select name.value from deal_stage, jsonb_each_text(names) name
     union all select name from message_template
     union all select concat_ws(' ', text.value->>'subject', text.value->>'body') from message_template, jsonb_each(texts) text`,
  );
  data = [...typed.map((row) => row.text ?? ''), ...CURRENCIES, ...[...LANGS, PSEUDO].map((lang) => lang.toUpperCase())];
  screens = [
    '/admin/leads',
    `/admin/leads/${lead}`,
    '/admin/deals',
    '/admin/tasks',
    '/admin/people',
    '/admin/orders',
    `/admin/orders/${order!.id}`,
    '/admin/partners',
    `/admin/partners/${partner!.id}`,
    '/admin/settings',
    '/admin/notifications',
    '/admin/templates',
    '/admin/rules',
    '/admin/users',
    '/admin/webhooks',
    '/admin/account',
    '/admin',
  ];
}, 180_000);
afterAll(async () => {
  await local?.close();
  rmSync(out, { recursive: true, force: true });
});

/** Signs in and switches the console to the new language through the top bar's switch. */
async function signInInPseudo(page: Page) {
  await page.goto(`${local.base}/admin`);
  await page.locator('#email').fill(OPERATOR);
  await page.locator('#password').fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.locator('p.who').waitFor();
  await page.locator(`button.lang-button[lang=${PSEUDO}]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(PSEUDO);
}

describe('a new language is its line in the list and its catalogues: the console', () => {
  const { newPage } = useBrowser();
  it('shows every main screen at 1280 and 360 px with no text outside the catalogues and none overflowing', async () => {
    const page = await newPage();
    await signInInPseudo(page);
    const found: Record<string, { plain: string[]; overflow: string[] }> = {};
    for (const screen of screens) {
      await page.goto(`${local.base}${screen}`, { waitUntil: 'networkidle' });
      for (const [width, height] of [
        [1280, 900],
        [360, 780],
      ] as const) {
        await page.setViewportSize({ width, height });
        // Code (the webhooks' event names) is not text either.
        const result = await findings(page, data, 'code');
        if (result.plain.length || result.overflow.length) found[`${screen} at ${width} px`] = result;
        if (process.env.OBRA_SCREENSHOTS)
          await page.screenshot({ path: join(process.env.OBRA_SCREENSHOTS, `pseudo${screen.replace(/\W+/g, '-')}-${width}.png`) });
      }
    }
    expect(found).toEqual({});
  }, 120_000);
});
