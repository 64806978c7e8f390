// What a partner pastes, in any mix (docs/partners/embedding.md): a widget's single-script bundle
// and the loader on one page, in either order, with the same widget twice; and properties a page
// sets on an element before its script has run (`el.partner = 'Acme'` in a framework, or a script
// above the widget's), which the element keeps when it upgrades; links that lead to Obra's pages
// from a partner's page; nothing written to the partner's console. Every page is a partner's, on
// another origin, under the guide's CSP, loading Obra's files from Obra's real server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softwareCatalogue } from '@obra/marketplace';
import { approvedPartner, signInAs } from '../server/support/admin.ts';
import { ROOT } from '../server/support/api.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, startConsolePlatform } from './support/console.ts';
import { recordErrors } from './support/embed.ts';
import { stubYouTube } from './support/marketplace.ts';
import { GUIDE_ORIGIN, startPartnerSite, type PartnerSite } from './support/partner-site.ts';
import type { Platform } from './support/platform.ts';
import { fillRegistration, partnerRegistration, TYPED as REGISTRATION } from './support/partner-registration.ts';
import { fillEntry, TYPED, waitList } from './support/wait-list.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
let platform: Platform;
let acme: PartnerSite;

beforeAll(async () => {
  // The product pages, as npm start answers them: the catalogue's More links lead there.
  platform = await startConsolePlatform({}, { slugs: softwareCatalogue.map((item) => item.slug) });
  acme = await startPartnerSite(platform.origin);
  const admin = await signInAs(platform.origin, ADMIN.email, ADMIN.password);
  await approvedPartner(platform.origin, admin, 'Acme', [acme.origin]);
}, 120_000);
afterAll(async () => {
  await acme?.close();
  await platform?.close();
});

const BUNDLE = `<script src="${GUIDE_ORIGIN}/widgets/obra-wait-list.js" defer></script>`;
const LOADER = `<script type="module" src="${GUIDE_ORIGIN}/esm/loader.js"></script>`;
/** Two wait lists, and a widget only the loader brings. */
const WIDGETS =
  '<obra-wait-list lang="en"></obra-wait-list><obra-wait-list lang="en"></obra-wait-list><obra-partner-registration lang="en"></obra-partner-registration>';

const sitePage = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title>${head}</head><body>${body}</body></html>`;

/** The wait-list rows stored under `nombre`, with their attribution. */
const stored = (nombre: string) =>
  platform.api.db.query<{ partner_code: string | null; embed_approved: boolean }>(
    'select partner_code, embed_approved from wait_list where nombre = $1',
    [nombre],
  );

/** Fills the `index`-th wait list as `nombre`, sends it, and waits for its thank-you. */
async function send(page: Page, index: number, nombre: string): Promise<void> {
  const widget = waitList(page, index);
  await widget.host.scrollIntoViewIfNeeded();
  await expect.poll(() => widget.title.textContent(), { timeout: 15_000 }).toBe('Join the wait list');
  await fillEntry(widget, { ...TYPED, nombre });
  await widget.submit.click();
  await expect.poll(() => widget.dialogTitle.textContent(), { timeout: 15_000 }).toBe('Form sent');
  await widget.dialogClose.click();
}

describe('a single-script bundle and the loader on one page', () => {
  for (const [order, head] of [
    ['the bundle, then the loader', BUNDLE + LOADER],
    ['the loader, then the bundle', LOADER + BUNDLE],
  ] as const)
    // Twice each: the failure this guards against came in one load of two.
    for (const run of [1, 2])
      it(`${order} (load ${run}): both wait lists send, the loader's widget renders`, async () => {
        const path = `/mix-${order.startsWith('the bundle') ? 'bundle' : 'loader'}-${run}.html`;
        acme.pages.set(path, sitePage(head, WIDGETS));
        const page = await browser.newPage();
        const errors = recordErrors(page);
        await page.goto(`${acme.origin}${path}`);
        const names = [`Mix ${order} ${run} first`, `Mix ${order} ${run} second`];
        await send(page, 0, names[0]!);
        await send(page, 1, names[1]!);
        // Acme's approved site; no partner code on these elements, so no lead counts for Acme.
        for (const nombre of names) expect(await stored(nombre), nombre).toEqual([{ partner_code: null, embed_approved: true }]);
        const registration = page.locator('obra-partner-registration');
        await registration.scrollIntoViewIfNeeded();
        await expect
          .poll(() => registration.evaluate((el) => el.shadowRoot?.querySelector('h2')?.textContent ?? ''), { timeout: 15_000 })
          .toBe('Register as a professional');
        expect(errors).toEqual([]);
        await page.close();
      });
});

/** One attribute of a widget as the manifest (dist/custom-elements.json) lists it. */
interface ManifestAttribute {
  name: string;
  fieldName: string;
  type?: { text: string };
  default?: string;
}

/** Every widget's public properties, from the manifest the build writes from the contracts. */
const WIDGETS_PROPERTIES = (
  JSON.parse(readFileSync(join(ROOT, 'dist/custom-elements.json'), 'utf8')) as {
    modules: { declarations?: { tagName?: string; attributes?: ManifestAttribute[] }[] }[];
  }
).modules
  .flatMap((module) => module.declarations ?? [])
  .filter((declaration) => declaration.tagName)
  .map((declaration) => ({ tag: declaration.tagName!, attributes: declaration.attributes ?? [] }));

/** A value for `attribute` other than its default, and the attribute text it must become. */
function sampleOf(attribute: ManifestAttribute, origin: string): { value: string | boolean; text: string } {
  const type = attribute.type?.text ?? 'string';
  if (type === 'boolean') return { value: true, text: '' };
  const options = [...type.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
  if (options.length) {
    const other = options.find((option) => `'${option}'` !== attribute.default) ?? options[0]!;
    return { value: other, text: other };
  }
  const value =
    attribute.name === 'partner'
      ? 'Acme'
      : attribute.name === 'api-base'
        ? `${origin}/api`
        : attribute.name === 'slug'
          ? 'revit'
          : attribute.name === 'detail-href'
            ? 'https://partner.example/software/{slug}'
            : `Acme's ${attribute.name}`;
  return { value, text: value };
}

describe('properties set before the element upgrades', () => {
  it('lists every widget, each with its properties', () => {
    expect(WIDGETS_PROPERTIES.map((widget) => widget.tag).sort()).toEqual([
      'obra-design-form',
      'obra-marketplace',
      'obra-partner-registration',
      'obra-software-detail',
      'obra-wait-list',
    ]);
    for (const widget of WIDGETS_PROPERTIES) expect(widget.attributes.map((a) => a.name)).toContain('partner');
  });

  for (const { tag, attributes } of WIDGETS_PROPERTIES)
    it(`<${tag}> keeps every property a page set before its script ran`, async () => {
      acme.pages.set(`/early-${tag}.html`, sitePage('', `<${tag}></${tag}>`));
      const page = await browser.newPage();
      await stubYouTube(page);
      await page.goto(`${acme.origin}/early-${tag}.html`);
      const samples = attributes.map((attribute) => ({ ...attribute, ...sampleOf(attribute, platform.origin) }));
      // The element is in the page, not yet defined: each property lands on the element itself.
      const before = await page.evaluate(
        ({ tag, samples }) => {
          const el = document.querySelector(tag) as unknown as Record<string, unknown>;
          for (const { fieldName, value } of samples) el[fieldName] = value;
          return { defined: Boolean(customElements.get(tag)), own: samples.filter(({ fieldName }) => Object.hasOwn(el, fieldName)).length };
        },
        { tag, samples },
      );
      // `lang` is the browser's own property (it reflects already); every other one is the widget's.
      expect(before).toEqual({ defined: false, own: samples.length - 1 });
      await page.addScriptTag({ url: `${platform.origin}/widgets/${tag}.js` });
      await page.waitForFunction((tag) => customElements.get(tag), tag);
      const after = await page.evaluate(
        ({ tag, samples }) => {
          const el = document.querySelector(tag)!;
          return samples.map(({ name, fieldName }) => ({
            name,
            attribute: el.getAttribute(name),
            own: Object.hasOwn(el, fieldName),
          }));
        },
        { tag, samples },
      );
      expect(after).toEqual(samples.map(({ name, text }) => ({ name, attribute: text, own: false })));
      await page.close();
    });

  it('a wait list given its partner code before its script ran stores the lead as that partner’s', async () => {
    acme.pages.set('/early-partner.html', sitePage('', '<obra-wait-list lang="en"></obra-wait-list>'));
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await page.goto(`${acme.origin}/early-partner.html`);
    await page.evaluate(() => Object.assign(document.querySelector('obra-wait-list')!, { partner: 'Acme' }));
    await page.addScriptTag({ url: `${platform.origin}/widgets/obra-wait-list.js` });
    await send(page, 0, 'Ana Temprana');
    expect(await stored('Ana Temprana')).toEqual([{ partner_code: 'Acme', embed_approved: true }]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('links on a partner page', () => {
  it("the catalogue's More leads to Obra's product page, not to a path on the partner's site", async () => {
    acme.pages.set(
      '/catalogue.html',
      sitePage(
        `<script src="${GUIDE_ORIGIN}/widgets/obra-marketplace.js" defer></script>`,
        '<obra-marketplace lang="en" partner="Acme"></obra-marketplace>',
      ),
    );
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await stubYouTube(page);
    await page.goto(`${acme.origin}/catalogue.html`);
    const more = page.locator('obra-marketplace a.more').first();
    await more.waitFor();
    expect(await more.getAttribute('href')).toBe(`${platform.origin}/en/product/${softwareCatalogue[0]!.slug}?partner=Acme`);
    await more.click();
    await page.waitForURL(`${platform.origin}/en/product/**`);
    await expect.poll(() => page.locator('obra-software-detail').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("quiet on a partner's page", () => {
  it('every widget through the loader, a registration sent: nothing in the console, no failed request', async () => {
    const every =
      '<obra-design-form lang="en"></obra-design-form><obra-wait-list lang="en"></obra-wait-list>' +
      '<obra-partner-registration lang="en"></obra-partner-registration><obra-marketplace lang="en"></obra-marketplace>' +
      '<obra-software-detail lang="en" slug="sketchup"></obra-software-detail>';
    acme.pages.set('/quiet.html', sitePage(LOADER, every));
    const page = await browser.newPage();
    await stubYouTube(page);
    const said: string[] = [];
    page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => said.push(String(error)));
    const failed: string[] = [];
    page.on('response', (response) => response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`));
    await page.goto(`${acme.origin}/quiet.html`);
    for (const tag of ['obra-design-form', 'obra-wait-list', 'obra-marketplace', 'obra-software-detail', 'obra-partner-registration']) {
      const host = page.locator(tag);
      await host.scrollIntoViewIfNeeded();
      await expect
        .poll(() => host.evaluate((el) => el.shadowRoot?.querySelector('h2')?.textContent ?? ''), { timeout: 15_000 })
        .not.toBe('');
    }
    const registration = partnerRegistration(page);
    await fillRegistration(registration, { ...REGISTRATION, nombre: 'Luis Callado' });
    await registration.submit.click();
    await expect.poll(() => registration.success.textContent()).toBe('Registration completed successfully! Thank you.');
    expect(said).toEqual([]);
    expect(failed).toEqual([]);
    await page.close();
  });
});
