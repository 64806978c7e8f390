// The partner example pages of host/examples in Chromium: the plain HTML page (one script, one
// element, under the published CSP) and the page with several widgets through the loader.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { recordErrors, recordScripts, startExamplesSite } from './support/embed.ts';
import { watchCsp } from './support/hostile.ts';
import { fillRegistration, partnerRegistration, SENT as PARTNER_SENT } from './support/partner-registration.ts';
import { DIST_DIR, type TestServer } from './support/server.ts';
import { staticClosure } from '../../tools/size/sizes.ts';
import { EN, ES, fillEntry, formValues, SENT, waitList } from './support/wait-list.ts';

const browser = useBrowser();
let site: TestServer;

beforeAll(async () => {
  site = await startExamplesSite();
});
afterAll(() => site.close());
beforeEach(() => site.reset());

const eventLog = (page: import('playwright-core').Page) => page.locator('#events li').allTextContents();

describe('plain HTML partner page (one script tag, one element)', () => {
  it('renders in the page language, sends an entry and reports it to the page, with no CSP violation', async () => {
    const page = await browser.newPage();
    const csp = await watchCsp(page);
    const errors = recordErrors(page);
    await page.goto(`${site.origin}/examples/plain.html`);
    const widget = waitList(page);
    await expect.poll(() => widget.title.textContent()).toBe(ES.title);
    await fillEntry(widget);
    await widget.submit.click();
    await expect.poll(() => widget.dialogTitle.textContent()).toBe(ES.sentTitle);
    expect(site.posts('/api/wait-list').map((r) => r.body)).toEqual([SENT]);
    const log = await eventLog(page);
    expect(log.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['wait-list obra-submit', 'wait-list obra-success']);
    expect(JSON.parse(log[1]!.split(' ').slice(2).join(' '))).toEqual({ entry: SENT });
    expect(await csp.violations()).toEqual([]);
    expect(errors).toEqual([]);
    // The page's theme reached the widget through its custom properties.
    expect(await widget.submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)');
  });
});

describe('several widgets on one page through the loader', () => {
  it('downloads the shared runtime once for two different widgets and two copies of one', async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    const errors = recordErrors(page);
    await page.goto(`${site.origin}/examples/several.html`);
    await waitList(page, 0).title.waitFor();
    await waitList(page, 1).title.waitFor();
    await partnerRegistration(page).title.waitFor();
    expect(scripts.count(/^\/esm\/loader\.js$/)).toBe(1);
    expect(scripts.count(/^\/esm\/chunks\/runtime-[\w-]+\.js$/)).toBe(1);
    expect(scripts.count(/^\/esm\/obra-wait-list\.js$/)).toBe(1);
    expect(scripts.count(/^\/esm\/obra-partner-registration\.js$/)).toBe(1);
    // No self-contained bundle, and nothing of the widgets that are not on the page.
    expect(scripts.paths.filter((p) => p.startsWith('/widgets/') || /obra-(design-form|marketplace|software-detail)/.test(p))).toEqual([]);
    // Every script was fetched once, and they are the files the size check counts for this page.
    expect(new Set(scripts.paths).size).toBe(scripts.paths.length);
    const counted = staticClosure(`${DIST_DIR}/esm`, ['loader.js', 'obra-wait-list.js', 'obra-partner-registration.js'], (path) =>
      readFileSync(path, 'utf8'),
    );
    expect(scripts.paths.filter((p) => p.startsWith('/esm/')).sort()).toEqual(counted.map((file) => `/esm/${file}`).sort());
    expect(errors).toEqual([]);
  });

  it('keeps each copy’s state, language and events apart', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.origin}/examples/several.html`);
    const customers = waitList(page, 0);
    const suppliers = waitList(page, 1);
    // Language: the first follows the page (es), the second its section's lang="en".
    await expect.poll(() => customers.title.textContent()).toBe(ES.title);
    await expect.poll(() => suppliers.title.textContent()).toBe(EN.title);

    await fillEntry(customers);
    expect((await formValues(suppliers)).nombre).toBe('');
    await suppliers.field('nombre').fill('Bruno');
    expect((await formValues(customers)).nombre).toBe('  Ana Pérez  ');

    await customers.submit.click();
    await expect.poll(() => customers.dialogTitle.textContent()).toBe(ES.sentTitle);
    expect(await suppliers.dialog.count()).toBe(0);
    expect((await formValues(suppliers)).nombre).toBe('Bruno');
    expect(site.posts('/api/wait-list').map((r) => r.body)).toEqual([SENT]);
    expect(await eventLog(page)).toEqual(['customers obra-submit', 'customers obra-success']);
    // The success dialog is modal (top layer): close it before using the rest of the page.
    await customers.dialogClose.click();

    const partner = partnerRegistration(page);
    await fillRegistration(partner);
    await partner.submit.click();
    await expect.poll(() => site.posts('/api/partner').map((r) => r.body)).toEqual([PARTNER_SENT]);
    await expect
      .poll(() => eventLog(page))
      .toEqual(['customers obra-submit', 'customers obra-success', 'partners obra-submit', 'partners obra-success']);
  });
});

/** The manifest's CSS parts (the guide's "Parts" lists, generated from the same contracts), by tag. */
function documentedParts(): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(`${DIST_DIR}/custom-elements.json`, 'utf8')) as {
    modules: { declarations: { tagName: string; cssParts: { name: string }[] }[] }[];
  };
  return Object.fromEntries(manifest.modules.flatMap((m) => m.declarations).map((d) => [d.tagName, d.cssParts.map((p) => p.name).sort()]));
}

/**
 * Every part name a built bundle can write, read from its code: `part:"a b"` in the views, the
 * element's `setAttribute("part","root")`, and the shared button's `part:\`button ${variant}\``
 * with each variant the bundle passes or defaults to (`variant:"secondary"`, `variant:i="primary"`).
 */
function builtParts(tag: string): string[] {
  const code = readFileSync(`${DIST_DIR}/widgets/${tag}.js`, 'utf8');
  const names = new Set<string>();
  if (code.includes('setAttribute("part","root")')) names.add('root');
  for (const [, value] of code.matchAll(/part:"([\w -]+)"/g)) for (const name of value!.split(' ')) names.add(name);
  if (code.includes('part:`button ${')) {
    names.add('button');
    for (const [, variant] of code.matchAll(/variant:(?:\w+=)?"([\w-]+)"/g)) names.add(variant!);
  }
  return [...names].sort();
}

describe('the manifest’s CSS parts', () => {
  it('are exactly the parts each built widget can write, in any state', () => {
    const documented = documentedParts();
    expect(Object.keys(documented)).toHaveLength(5);
    for (const [tag, parts] of Object.entries(documented)) expect(builtParts(tag), tag).toEqual(parts);
  });

  it('include every part each widget renders on the page', async () => {
    const documented = documentedParts();
    const page = await browser.newPage();
    await page.goto(`${site.origin}/examples/several.html`);
    // The other widgets, at the top of the page so the loader imports them at once.
    await page.evaluate(() => {
      const [form, catalogue, detail] = ['obra-design-form', 'obra-marketplace', 'obra-software-detail'].map((tag) =>
        document.createElement(tag),
      );
      detail!.setAttribute('slug', 'revit');
      document.body.prepend(form!, catalogue!, detail!);
    });
    const rendered = await page.waitForFunction(() => {
      const tags = ['obra-wait-list', 'obra-partner-registration', 'obra-design-form', 'obra-marketplace', 'obra-software-detail'];
      const parts: Record<string, string[]> = {};
      for (const tag of tags) {
        const root = document.querySelector(tag)?.shadowRoot;
        if (!root?.querySelector('h2')) return null;
        parts[tag] = [...new Set([...root.querySelectorAll('[part]')].flatMap((el) => el.getAttribute('part')!.split(/\s+/)))].sort();
      }
      return parts;
    });
    const parts = await rendered.jsonValue();
    // Some parts appear only in a state (waiting for the network, the design form's overlay).
    for (const [tag, names] of Object.entries(parts!)) expect(documented[tag], tag).toEqual(expect.arrayContaining(names));
  });
});
