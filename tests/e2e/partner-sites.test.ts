// Partners' sites, from the outside (docs/partners/embedding.md, docs/partners/sites.md): every
// page here is served by a partner's own server on another origin (http://localhost:PORT) and
// loads Obra's files from Obra's origin (the real host and API on http://127.0.0.1:PORT), under
// the Content-Security-Policy the guide asks for. Every snippet of the console runs there (the
// guide's blocks: partner-docs.test.ts); each embedding path (one script, the loader with several
// widgets, the React 19 wrapper installed from Obra's tarball into a fresh app, a Svelte 5 app
// built with Vite) renders, takes the page's
// language and attributes, reports its events to the page and stores a submission once with the
// partner's attribution. A site not approved gets the truth: the visitor their thank-you, the page
// an obra-error it can act on, Obra the lead, which operators approve from the console. The page
// cannot restyle the widgets (a hostile root font size, all: unset on the elements).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softwareCatalogue } from '@obra/marketplace';
import { CONSOLE_LOCALES } from '@obra/schema/console';
import { textsIn } from '../../host/src/texts.ts';
import { approvedPartner, signInAs, type Session } from '../server/support/admin.ts';
import { ROOT } from '../server/support/api.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, signIn, startConsolePlatform } from './support/console.ts';
import { recordErrors } from './support/embed.ts';
import { snapshotShadow } from './support/hostile.ts';
import { stubYouTube } from './support/marketplace.ts';
import { docBlocks } from '../support/doc-blocks.ts';
import {
  buildPartnerApps,
  expectRendered,
  GUIDE_ORIGIN,
  REACT_INSTALL,
  recordEvents,
  recordObraFiles,
  sitePage,
  startPartnerSite,
  type PartnerApps,
  type PartnerSite,
} from './support/partner-site.ts';
import { fillRegistration, partnerRegistration, TYPED as REGISTRATION } from './support/partner-registration.ts';
import type { Platform } from './support/platform.ts';
import { fillEntry, TYPED, waitList } from './support/wait-list.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
let platform: Platform;
let apps: PartnerApps;
/** The approved partner Acme's site. */
let acme: PartnerSite;
/** A site Obra has not approved. */
let stranger: PartnerSite;
let admin: Session;

beforeAll(async () => {
  // Every product page, as npm start answers them: the catalogue's More links lead there.
  platform = await startConsolePlatform({}, { slugs: softwareCatalogue.map((item) => item.slug) });
  apps = await buildPartnerApps(platform.origin);
  acme = await startPartnerSite(platform.origin, apps);
  stranger = await startPartnerSite(platform.origin);
  admin = await signInAs(platform.origin, ADMIN.email, ADMIN.password);
  await approvedPartner(platform.origin, admin, 'Acme', [acme.origin]);
}, 180_000);
afterAll(async () => {
  await Promise.all([acme?.close(), stranger?.close()]);
  await platform?.close();
  apps?.remove();
});

/** The ```html blocks of the partners' guide, as a partner copies them. */
const GUIDE_SNIPPETS = docBlocks('docs/partners/embedding.md')
  .filter((block) => block.lang === 'html')
  .map((block) => block.body);

/** Runs `snippet` on a page of `site` (with the loader when it brings no script of its own), and checks it renders from Obra's files. */
async function runSnippet(site: PartnerSite, name: string, snippet: string): Promise<Page> {
  const script = snippet.includes('<script') ? '' : `<script type="module" src="${GUIDE_ORIGIN}/esm/loader.js"></script>`;
  site.pages.set(`/${name}.html`, sitePage(`${script}${snippet}`));
  const page = await browser.newPage();
  await stubYouTube(page);
  const errors = recordErrors(page);
  const files = recordObraFiles(page, platform.origin);
  await page.goto(`${site.origin}/${name}.html`);
  const tags = await expectRendered(page);
  expect(tags.length, name).toBeGreaterThan(0);
  expect(files.length, name).toBeGreaterThan(0);
  for (const file of files) expect(file, name).toMatchObject({ status: 200, cors: '*', corp: 'cross-origin' });
  expect(errors, name).toEqual([]);
  return page;
}

/** The lead stored under `name` (its kind row's attribution), and how many there are. */
async function stored(table: string, name: string) {
  const column = table === 'contact' ? 'name' : 'nombre';
  const rows = await platform.api.db.query<Record<string, unknown>>(
    `select partner_code, partner_claim, embed_origin, embed_approved, widget, page_url from ${table} where ${column} = $1`,
    [name],
  );
  return { count: rows.length, row: rows[0] };
}

describe("the console's snippets", () => {
  it('every snippet the console hands an approved partner renders there too', async () => {
    const console = await browser.newPage();
    await signIn(console, platform.origin);
    await console.goto(`${platform.origin}/admin/partners?status=approved`);
    await console.getByRole('link', { name: 'Socio Acme' }).click();
    const boxes = console.locator('.snippets textarea');
    await boxes.first().waitFor();
    const snippets = await boxes.evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value));
    expect(snippets).toHaveLength(6);
    for (const snippet of snippets) expect(snippet).toContain(`${platform.origin}/`);
    // The catalogue's More links lead to Obra's product pages, carrying the code.
    expect(snippets.find((s) => s.includes('<obra-marketplace'))).toContain(`detail-href="${platform.origin}/{lang}/producto/{slug}"`);
    for (const [i, snippet] of snippets.entries()) await (await runSnippet(acme, `console-${i}`, snippet)).close();
    const catalogue = await runSnippet(
      acme,
      'console-catalogue',
      snippets.find((s) => s.includes('<obra-marketplace'))!,
    );
    const more = catalogue.locator('obra-marketplace a.more').first();
    expect(await more.getAttribute('href')).toMatch(new RegExp(`^${platform.origin}/en/producto/[a-z-]+\\?partner=Acme$`));
    await more.click();
    await catalogue.waitForURL(/\/en\/product\//);
    await expect.poll(() => catalogue.locator('obra-software-detail').getAttribute('partner')).toBe('Acme');
    // A purchase started from the partner's catalogue is the partner's: the visitor came from its site.
    await catalogue.getByRole('button', { name: 'Buy licence' }).click();
    await catalogue.getByLabel(textsIn('en')('host.testCheckout.email')).fill('comprador@example.com');
    await catalogue.getByRole('button', { name: 'Pay (test)' }).click();
    await catalogue.waitForURL(/\/en\/success/);
    const [order] = await platform.api.db.query<{ partner_code: string | null; partner_claim: string | null }>(
      'select partner_code, partner_claim from "order" order by created_at desc limit 1',
    );
    expect(order).toEqual({ partner_code: 'Acme', partner_claim: null });
  });
});

describe('each way of embedding, on an approved site', () => {
  it('one script per widget: renders, follows the page’s language and its attributes, reports events, stores the lead once as Acme’s', async () => {
    acme.pages.set(
      '/bundles.html',
      sitePage(
        `<script src="${GUIDE_ORIGIN}/widgets/obra-wait-list.js" defer></script><obra-wait-list partner="Acme"></obra-wait-list>
         <script src="${GUIDE_ORIGIN}/widgets/obra-partner-registration.js" defer></script><obra-partner-registration lang="es" partner="Acme"></obra-partner-registration>`,
      ),
    );
    const page = await browser.newPage();
    const events = await recordEvents(page);
    await page.goto(`${acme.origin}/bundles.html`);
    const widget = waitList(page);
    await expect.poll(() => widget.title.textContent()).toBe('Join the wait list');
    await expect.poll(() => partnerRegistration(page).title.textContent()).toBe('Inscríbete como profesional');
    await page.evaluate(() => (document.documentElement.lang = 'es'));
    await expect.poll(() => widget.title.textContent()).toBe('Únete a la lista de espera');
    await widget.host.evaluate((el) => el.setAttribute('heading-es', 'La lista de Acme'));
    await expect.poll(() => widget.title.textContent()).toBe('La lista de Acme');
    await fillEntry(widget, { ...TYPED, nombre: 'Ana Script' });
    await widget.submit.click();
    await expect.poll(() => widget.dialogTitle.textContent()).toBe('Formulario enviado');
    expect(await events()).toEqual([
      { type: 'obra-submit', tag: 'obra-wait-list', reason: null },
      { type: 'obra-success', tag: 'obra-wait-list', reason: null },
    ]);
    expect(await stored('wait_list', 'Ana Script')).toEqual({
      count: 1,
      row: {
        partner_code: 'Acme',
        partner_claim: null,
        embed_origin: acme.origin,
        embed_approved: true,
        widget: 'wait-list',
        page_url: `${acme.origin}/bundles.html`,
      },
    });
  });

  it('the loader with several widgets: each renders from the shared runtime, and a registration is stored as Acme’s', async () => {
    const page = await runSnippet(
      acme,
      'several',
      GUIDE_SNIPPETS.find((s) => s.includes('esm/loader.js'))!,
    );
    const events = await recordEvents(page);
    await page.reload();
    const registration = partnerRegistration(page);
    await expect.poll(() => registration.title.textContent()).toBe('Register as a professional');
    await fillRegistration(registration, { ...REGISTRATION, nombre: 'Luis Cargador' });
    await registration.field('especializacion').selectOption('bim');
    await registration.submit.click();
    await expect.poll(() => registration.success.textContent()).toBe('Registration completed successfully! Thank you.');
    expect((await events()).map((e) => e.type)).toEqual(['obra-submit', 'obra-success']);
    expect(await stored('partner', 'Luis Cargador')).toMatchObject({
      count: 1,
      row: { partner_code: 'Acme', embed_origin: acme.origin, embed_approved: true, widget: 'partner-registration' },
    });
  });

  it('@obra/react installs from Obra’s tarball with the integrity Obra shows, and nothing else; the app type-checks and renders it in Node', async () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'packages/react/package.json'), 'utf8')) as { version: string }).version;
    expect(REACT_INSTALL).toBe(`${GUIDE_ORIGIN}/packages/obra-react-${version}.tgz`);
    const shown = (await (await fetch(`${platform.origin}/packages/obra-react.json`)).json()) as Record<string, string>;
    expect(shown).toEqual({
      name: '@obra/react',
      version,
      file: `obra-react-${version}.tgz`,
      integrity: expect.stringMatching(/^sha512-/),
    });
    const tarball = await fetch(`${platform.origin}/packages/${shown.file}`);
    expect(tarball.status).toBe(200);
    expect(tarball.headers.get('content-type')).toBe('application/gzip');
    const bytes = Buffer.from(await tarball.arrayBuffer());
    expect(`sha512-${createHash('sha512').update(bytes).digest('base64')}`).toBe(shown.integrity);

    // What npm wrote: the address in package.json, the integrity Obra shows in package-lock.json.
    const app = (file: string) => JSON.parse(readFileSync(join(apps.react, file), 'utf8')) as Record<string, Record<string, unknown>>;
    const url = `${platform.origin}/packages/${shown.file}`;
    expect(app('package.json').dependencies!['@obra/react']).toBe(url);
    expect(app('package-lock.json').packages!['node_modules/@obra/react']).toMatchObject({
      version,
      resolved: url,
      integrity: shown.integrity,
      peerDependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' },
    });
    // No workspace package nor anything else to fetch: React and React DOM are the app's.
    const installed = app('node_modules/@obra/react/package.json');
    expect(installed).toMatchObject({
      name: '@obra/react',
      version,
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    });
    expect(installed.dependencies).toBeUndefined();
    const modules = Object.keys(app('package-lock.json').packages!).filter((path) => path.startsWith('node_modules/'));
    expect(modules.sort()).toEqual([
      'node_modules/@obra/react',
      'node_modules/@types/react',
      'node_modules/@types/react-dom',
      'node_modules/react',
      'node_modules/react-dom',
    ]);
    expect(apps.reactServerHtml).toContain('<obra-wait-list id="wait-list" lang="es"');
  });

  it('the React 19 wrapper, built into the partner’s app: hydrates, follows React state, reports to React callbacks', async () => {
    const page = await browser.newPage();
    await stubYouTube(page);
    const errors = recordErrors(page);
    await page.goto(`${acme.origin}/react.html`);
    const widget = waitList(page);
    await expect.poll(() => widget.title.textContent()).toBe('Únete a la lista de espera');
    await page.locator('#switch-lang').click();
    await expect.poll(() => widget.title.textContent()).toBe('Join the wait list');
    await fillEntry(widget, { ...TYPED, nombre: 'Ana React' });
    await widget.submit.click();
    await expect.poll(() => page.locator('#status').textContent()).toBe('Thank you, Ana React: we will be in touch.');
    expect(await stored('wait_list', 'Ana React')).toMatchObject({ count: 1, row: { embed_origin: acme.origin, embed_approved: true } });
    expect(errors).toEqual([]);
  });

  it('a Svelte 5 app built with Vite: the loader sees what Svelte renders, the app hears the events', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    const files = recordObraFiles(page, platform.origin);
    await page.goto(`${acme.origin}/svelte/`);
    const widget = waitList(page);
    await expect.poll(() => widget.title.textContent()).toBe('Únete a la lista de Constructora Sur');
    await page.locator('#switch').click();
    await expect.poll(() => widget.title.textContent()).toBe('Join the wait list');
    await page.locator('#show-form').click();
    await expect
      .poll(() => page.locator('obra-design-form').evaluate((el) => el.shadowRoot?.querySelector('h2')?.textContent ?? ''))
      .toBe('Design your project with AI');
    await fillEntry(widget, { ...TYPED, nombre: 'Ana Svelte' });
    await widget.submit.click();
    await expect
      .poll(() => page.locator('#events li').allTextContents())
      .toEqual(['obra-wait-list obra-submit', 'obra-wait-list obra-success']);
    expect(await stored('wait_list', 'Ana Svelte')).toMatchObject({
      count: 1,
      row: { partner_code: 'Acme', embed_origin: acme.origin, embed_approved: true },
    });
    expect(files.filter((file) => file.path === '/esm/loader.js')).toHaveLength(1);
    for (const file of files) expect(file).toMatchObject({ cors: '*', corp: 'cross-origin' });
    expect(errors).toEqual([]);
  });
});

/** With OBRA_SCREENSHOTS=<folder>, saves the page on a phone and a desktop (for people to look at, not assertions). */
async function look(page: Page, name: string) {
  const dir = process.env.OBRA_SCREENSHOTS;
  if (!dir) return;
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: join(dir, `partner-sites-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('a site Obra has not approved', () => {
  /** The stranger's page: the wait list with a partner code it may not claim, in `lang`. */
  const strangerPage = (lang: string) =>
    sitePage(
      `<h1>Materiales del Norte</h1><script src="${GUIDE_ORIGIN}/widgets/obra-wait-list.js" defer></script><obra-wait-list partner="Acme"></obra-wait-list>`,
      lang,
    );

  it.each([
    ['es', 'Formulario enviado', 'Ana Norte'],
    ['en', 'Form sent', 'Ann North'],
  ])(
    '(%s) the visitor is thanked truly, the page gets obra-error api.originNotApproved, Obra stores the lead as nobody’s',
    async (lang, sent, nombre) => {
      stranger.pages.set(`/${lang}.html`, strangerPage(lang));
      const page = await browser.newPage();
      const events = await recordEvents(page);
      await page.goto(`${stranger.origin}/${lang}.html`);
      const widget = waitList(page);
      await widget.title.waitFor();
      await look(page, `unapproved-${lang}-form`);
      await fillEntry(widget, { ...TYPED, nombre });
      await widget.submit.click();
      await expect.poll(() => widget.dialogTitle.textContent()).toBe(sent);
      // No spinner left behind: the form is idle again, and empty for the next visitor.
      expect(await widget.submit.getAttribute('aria-disabled')).not.toBe('true');
      expect(await widget.field('nombre').inputValue()).toBe('');
      expect(await events()).toEqual([
        { type: 'obra-submit', tag: 'obra-wait-list', reason: null },
        { type: 'obra-error', tag: 'obra-wait-list', reason: 'api.originNotApproved' },
      ]);
      await look(page, `unapproved-${lang}-sent`);
      expect(await stored('wait_list', nombre)).toEqual({
        count: 1,
        row: {
          partner_code: null,
          partner_claim: 'Acme',
          embed_origin: stranger.origin,
          embed_approved: false,
          widget: 'wait-list',
          page_url: `${stranger.origin}/${lang}.html`,
        },
      });
      const [lead] = await platform.api.db.query<{ id: string }>('select id from lead where name = $1', [nombre]);
      expect(await platform.api.db.query('select 1 from notification_mail where lead_id = $1 and to_partner', [lead!.id])).toEqual([]);
    },
  );

  it('operators see it in Partners, approve it for Acme from there, and its leads then count for Acme', async () => {
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    await page.goto(`${platform.origin}/admin/partners`);
    const row = page.locator('section.sites tr', { hasText: stranger.origin });
    await expect.poll(() => row.locator('td').first().textContent()).toBe('2');
    expect(await row.textContent()).toContain('Acme');
    // Its last lead in the operator's time zone (the company's, America/Bogota), named in the column's head, never UTC.
    expect(await page.locator('section.sites th', { hasText: 'Last lead' }).textContent()).toBe('Last lead (America/Bogota time)');
    const last = row.locator('time');
    const at = new Date((await last.getAttribute('datetime'))!);
    const shown = (timeZone: string) =>
      new Intl.DateTimeFormat(CONSOLE_LOCALES.en, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);
    expect(await last.textContent()).toBe(shown('America/Bogota'));
    expect(shown('America/Bogota')).not.toBe(shown('UTC'));
    await look(page, 'console-sites');
    await row.getByRole('link', { name: 'Approve for Socio Acme (Acme)' }).click();
    const origins = page.locator('textarea#partner-origins');
    await expect.poll(() => origins.inputValue()).toBe(`${acme.origin}\n${stranger.origin}`);
    // Saved at once, without a confirmation (docs/operators/partners.md): only approving, suspending and reinstating ask.
    await page.getByRole('button', { name: 'Save the origins' }).click();
    await expect.poll(() => page.locator('article p.ok[role=status]').first().textContent()).toBe('The origins are saved.');
    expect(await page.locator('article .confirm').count()).toBe(0);
    for (const nombre of ['Ana Norte', 'Ann North'])
      expect(await stored('wait_list', nombre)).toMatchObject({ row: { partner_code: 'Acme', partner_claim: null, embed_approved: true } });
    await page.goto(`${platform.origin}/admin/partners`);
    await expect.poll(() => page.locator('section.sites').textContent()).toContain('No lead came from a site not approved.');
    // The same page, approved now: the lead counts for Acme, and the page hears obra-success.
    const approved = await browser.newPage();
    const events = await recordEvents(approved);
    await approved.goto(`${stranger.origin}/es.html`);
    const widget = waitList(approved);
    await fillEntry(widget, { ...TYPED, nombre: 'Ana Aprobada' });
    await widget.submit.click();
    await expect.poll(() => widget.dialogTitle.textContent()).toBe('Formulario enviado');
    expect((await events()).map((e) => e.type)).toEqual(['obra-submit', 'obra-success']);
    await look(approved, 'approved-es-sent');
    expect(await stored('wait_list', 'Ana Aprobada')).toMatchObject({ row: { partner_code: 'Acme', embed_approved: true } });
  });
});

describe('the page cannot restyle the widgets', () => {
  /** A page of the widgets in fixed-width boxes; `hostile` adds a 10 px root, a loud body and all: unset on every Obra element. */
  const lookPage = (hostile: boolean) =>
    sitePage(
      `<script type="module" src="${GUIDE_ORIGIN}/esm/loader.js"></script>
       <div class="box"><obra-wait-list></obra-wait-list></div>
       <div class="box"><obra-design-form></obra-design-form></div>
       <div class="box"><obra-partner-registration></obra-partner-registration></div>
       <div class="box"><obra-marketplace></obra-marketplace></div>`,
      'es',
      `<link rel="stylesheet" href="/look.css">${hostile ? '<link rel="stylesheet" href="/hostile-look.css">' : ''}`,
    );
  const PARTS = { root: '.obra-root', title: 'h2', intro: '.intro', input: 'input:not([type=radio]):not([type=hidden])', button: 'button' };

  /** Each widget's parts, and the design form's list of places open after typing "Bog". */
  async function lookOf(path: string) {
    const page = await browser.newPage();
    await page.goto(`${acme.origin}${path}`);
    await expectRendered(page);
    const looks: Record<string, unknown> = {};
    for (const tag of ['obra-wait-list', 'obra-design-form', 'obra-partner-registration', 'obra-marketplace'])
      looks[tag] = await snapshotShadow(page.locator(tag), PARTS);
    const form = page.locator('obra-design-form');
    await form.locator('.section-head .toggle', { hasText: 'Ubicación' }).click();
    await form.locator('input[name=location]').fill('Bog');
    await form.locator('.listbox [role=option]').first().waitFor();
    looks.places = await snapshotShadow(form, { list: '.listbox', option: '.listbox [role=option]' });
    await page.close();
    return looks;
  }

  it('a 10 px root font size, a loud body and all: unset on the elements change nothing inside them', async () => {
    acme.pages.set('/look.css', '.box { width: 720px; margin: 0 0 24px; }');
    acme.pages.set(
      '/hostile-look.css',
      `html { font-size: 10px !important; }
       body { font: italic 30px/3 serif; letter-spacing: 4px; word-spacing: 9px; text-transform: uppercase; color: red; text-align: right; }
       obra-wait-list, obra-design-form, obra-partner-registration, obra-marketplace { all: unset !important; }`,
    );
    acme.pages.set('/plain-look.html', lookPage(false));
    acme.pages.set('/hostile-look.html', lookPage(true));
    const plain = await lookOf('/plain-look.html');
    const hostile = await lookOf('/hostile-look.html');
    expect((plain.places as { list: { height: number } }).list.height).toBeLessThanOrEqual(192 + 2);
    for (const [name, parts] of Object.entries(plain)) expect(hostile[name], name).toEqual(parts);
  });
});
