// Attribution end to end in Chromium (issue 15): a partner's page on a second origin embeds the
// wait list with partner="ACME" and is opened from a campaign link whose query also carries an
// e-mail; the lead goes through the real API to its row with the UTM values, the reduced page
// URL and referrer, the partner code, the widget and version, and the page's origin (from the
// Origin header); then the console finds it by partner and by campaign, and shows its origin.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { ROOT } from '../server/support/api.ts';
import { ADMIN, showFilters, signIn, startConsolePlatform } from './support/console.ts';
import { approvedPartner, signInAs } from '../server/support/admin.ts';
import type { Platform } from './support/platform.ts';
import { ES, fillEntry, SENT, waitList } from './support/wait-list.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' });
const VERSION = (JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as { version: string }).version;
let platform: Platform;
let partner: Server;
let partnerOrigin: string;

/** With OBRA_SCREENSHOTS=<folder>, saves the screen on a phone and a desktop (for people, not assertions). */
async function look(page: Page, name: string) {
  const dir = process.env.OBRA_SCREENSHOTS;
  for (const [size, viewport] of dir
    ? ([
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1280, height: 900 }],
      ] as const)
    : []) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(dir!, `attribution-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The partner's own site: a landing page linking to a page that embeds the wait list from Obra. */
function partnerPage(path: string): string {
  if (path.startsWith('/desde'))
    return '<!doctype html><html lang="es"><title>Buscador</title><a id="go" href="/obra/casas.html?utm_source=feria&utm_medium=qr&utm_campaign=Primavera-2026&email=secret%40x.com&token=abc#correo">Ir</a></html>';
  return `<!doctype html><html lang="es"><title>Constructora</title>
    <script src="${platform.origin}/widgets/obra-wait-list.js" defer></script>
    <obra-wait-list partner="ACME" api-base="${platform.origin}/api"></obra-wait-list></html>`;
}

beforeAll(async () => {
  // localhost and 127.0.0.1 are two origins: the partner's page and Obra.
  partner = createServer(
    (req, res) => void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(partnerPage(req.url ?? '/')),
  );
  await new Promise<void>((ready) => partner.listen(0, '127.0.0.1', ready));
  partnerOrigin = `http://localhost:${(partner.address() as AddressInfo).port}`;
  platform = await startConsolePlatform();
  // ACME's own site: its partner code counts from there only (docs/partners/sites.md).
  await approvedPartner(platform.origin, await signInAs(platform.origin, ADMIN.email, ADMIN.password), 'ACME', [partnerOrigin]);
});
afterAll(async () => {
  partner?.closeAllConnections();
  await new Promise((done) => partner?.close(done));
  await platform?.close();
});

it('stores where a lead came from, and the console filters by partner and campaign', async () => {
  const page = await browser.newPage();
  await page.goto(`${partnerOrigin}/desde?q=ana%40x.com`);
  await page.locator('#go').click();
  const widget = waitList(page);
  await expect.poll(() => widget.title.textContent()).toBe(ES.title);
  await fillEntry(widget);
  await widget.submit.click();
  await expect.poll(() => widget.dialogTitle.textContent()).toBe(ES.sentTitle);

  const [row] = await platform.rows('wait_list');
  expect(row).toMatchObject({
    ...SENT,
    page_url: `${partnerOrigin}/obra/casas.html?utm_source=feria&utm_medium=qr&utm_campaign=Primavera-2026`,
    referrer: `${partnerOrigin}/desde`,
    utm_source: 'feria',
    utm_medium: 'qr',
    utm_campaign: 'Primavera-2026',
    utm_term: null,
    utm_content: null,
    partner_code: 'ACME',
    partner_claim: null,
    widget: 'wait-list',
    widget_version: VERSION,
    embed_origin: partnerOrigin,
    embed_approved: true,
  });
  // The e-mail and the token of the link's query, and its fragment, were never sent.
  // (The row's own id and hash are left out: random hex and base64 can spell "abc".)
  const { id: _id, request_hash: _hash, idempotency_key: _key, ...stored } = row!;
  expect(JSON.stringify(stored)).not.toMatch(/secret|token|abc|#correo/);

  const inbox = await browser.newPage();
  await signIn(inbox, platform.origin);
  await inbox.goto(`${platform.origin}/admin/leads`);
  const names = () => inbox.locator('table.leads tbody th a').allTextContents();
  await showFilters(inbox);
  await inbox.locator('#f-partner').fill('ACME');
  await inbox.locator('#f-campaign').fill('primavera-2026');
  await inbox.locator('.filters button[type=submit]').click();
  await inbox.waitForURL(/\/admin\/leads\?/);
  expect(new URL(inbox.url()).search).toBe('?partner=ACME&campaign=primavera-2026');
  await expect.poll(names).toEqual([SENT.nombre]);
  // Another partner's code finds nothing; the filter lives in the URL like the others.
  await inbox.goto(`${platform.origin}/admin?partner=OTRO`);
  await inbox.locator('[role=status]', { hasText: 'Ningún contacto coincide con estos filtros.' }).waitFor();
  await inbox.goto(`${platform.origin}/admin?campaign=PRIMAVERA-2026`);
  await expect.poll(names).toEqual([SENT.nombre]);

  await inbox.locator('table.leads tbody th a').first().click();
  const origin = inbox.locator('section[aria-labelledby=origin-title]');
  await expect.poll(() => origin.locator('h2').textContent()).toBe('Procedencia');
  const shown = Object.fromEntries(
    await origin
      .locator('dl > div')
      .evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent])),
  );
  expect(shown).toEqual({
    Página: row!.page_url,
    'Llegó desde': `${partnerOrigin}/desde`,
    'Fuente (utm_source)': 'feria',
    'Medio (utm_medium)': 'qr',
    'Campaña (utm_campaign)': 'Primavera-2026',
    'Código de socio': 'ACME',
    'Widget y versión': `wait-list · ${VERSION}`,
    'Sitio que lo inserta': partnerOrigin,
  });
  await expectNoAxeViolations(inbox, 'lead page with its origin (es)');
  await look(inbox, 'lead-es');

  // In English: the same section and the inbox's two filters, labelled.
  await inbox.getByRole('button', { name: 'Switch to English' }).click();
  await expect.poll(() => origin.locator('h2').textContent()).toBe('Origin');
  expect(await origin.locator('dt').allTextContents()).toEqual([
    'Page',
    'Came from',
    'Source (utm_source)',
    'Medium (utm_medium)',
    'Campaign (utm_campaign)',
    'Partner code',
    'Widget and version',
    'Embedding site',
  ]);
  await expectNoAxeViolations(inbox, 'lead page with its origin (en)');
  await look(inbox, 'lead-en');
  await inbox.goto(`${platform.origin}/admin?partner=ACME&campaign=Primavera-2026`);
  await expect.poll(names).toEqual([SENT.nombre]);
  expect(await inbox.getByLabel('Partner code').inputValue()).toBe('ACME');
  expect(await inbox.getByLabel('Campaign', { exact: true }).inputValue()).toBe('Primavera-2026');
  await expectNoAxeViolations(inbox, 'inbox filtered by partner and campaign (en)');
  await look(inbox, 'inbox-en');
  await inbox.getByRole('button', { name: 'Cambiar a español' }).click();
  await inbox.getByLabel('Código de socio').waitFor();
  await look(inbox, 'inbox-es');
});
