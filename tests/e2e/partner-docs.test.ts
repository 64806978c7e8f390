// Every code block of the partners' guide (docs/partners/*.md) and of the README's step 4, run as a
// partner runs it, so a false claim fails here: HTML pasted into a page of the partner's own site
// (another origin, http://localhost:PORT) that loads everything from a running Obra (the real host
// and API on http://127.0.0.1:PORT), in Chromium; what it shows is checked (each widget renders, a
// wait list or a registration sent is stored once with the partner code it carries, a catalogue's
// "More" link opens the program); JavaScript served as the page's own script and its effect
// checked (the warning, the consent that stops a send); CSS applied to the widgets in and out of a
// dark section, each declaration checked on them and every text and border measured for contrast;
// the Content-Security-Policy line served as the page's header. A block run elsewhere is listed
// below with the test that runs it. A block that is neither fails the first test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { softwareCatalogue } from '@obra/marketplace';
import { approvedPartner, signInAs } from '../server/support/admin.ts';
import { phoneContext, useBrowser } from './support/browser.ts';
import { ADMIN, startConsolePlatform } from './support/console.ts';
import { partnerDocBlocks, quickStartBlocks, where, type DocBlock } from '../support/doc-blocks.ts';
import { runAxe } from './support/axe.ts';
import { recordErrors } from './support/embed.ts';
import { watchCsp } from './support/hostile.ts';
import { marketplace, softwareDetail, stubYouTube } from './support/marketplace.ts';
import {
  expectRendered,
  GUIDE_ORIGIN,
  recordEvents,
  recordObraFiles,
  sitePage,
  startPartnerSite,
  type PartnerSite,
} from './support/partner-site.ts';
import { fillRegistration, partnerRegistration, TYPED as REGISTRATION } from './support/partner-registration.ts';
import type { Platform } from './support/platform.ts';
import { ROOT } from '../server/support/api.ts';
import { DIST_DIR } from './support/server.ts';
import { EN, fillEntry, TYPED, waitList } from './support/wait-list.ts';

/** The partner's own site as the guide names it; the tests put the partner's test origin in its place. */
const PARTNER_ORIGIN = 'https://www.acme.example';
/** The partner code of the guide's snippets, which Obra approved for the partner's site here. */
const CODE = 'ACME';

/** Blocks another test runs, by where they stand; each must still match a block (a stale entry fails too). */
const RUN_ELSEWHERE: { what: string; by: string; match: (block: DocBlock) => boolean }[] = [
  {
    what: "the guide's React section (installing @obra/react, the components, the bare tags in React 19)",
    by: 'tests/e2e/partner-sites.test.ts (installs the package with its npm install, type-checks both examples)',
    match: (block) => block.file === 'docs/partners/embedding.md' && block.chapter.startsWith('React'),
  },
  {
    what: "the README's step 4 (partner.html and its one-line server, run as written on a fresh copy)",
    by: 'tests/e2e/quick-start.test.ts',
    match: (block) => block.file === 'README.md',
  },
];

/** How a block is run here, by its language and what it is; undefined when nothing here runs it. */
function runnerOf(block: DocBlock): ((block: DocBlock) => Promise<void>) | undefined {
  if (block.lang === 'html') return runHtml;
  if (block.lang === 'css') return runCss;
  if (block.lang === '' && block.body.startsWith('Content-Security-Policy: ')) return runCsp;
  if (block.lang === 'js' && block.body.includes("addEventListener('obra-error'")) return runErrorListener;
  if (block.lang === 'js' && block.body.includes("addEventListener('obra-submit'")) return runConsent;
  return undefined;
}

const BLOCKS = [...partnerDocBlocks(), ...quickStartBlocks().filter((block) => block.step === 4)];
const elsewhere = (block: DocBlock) => RUN_ELSEWHERE.find((entry) => entry.match(block));
const RUN_HERE = BLOCKS.filter((block) => !elsewhere(block) && runnerOf(block));

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
let platform: Platform;
/** The partner's site, approved for {@link CODE}. */
let acme: PartnerSite;
/** A site Obra has not approved. */
let stranger: PartnerSite;

beforeAll(async () => {
  // The product pages the catalogue's "More" links open.
  platform = await startConsolePlatform({}, { slugs: softwareCatalogue.map((item) => item.slug) });
  acme = await startPartnerSite(platform.origin);
  stranger = await startPartnerSite(platform.origin);
  await approvedPartner(platform.origin, await signInAs(platform.origin, ADMIN.email, ADMIN.password), CODE, [acme.origin]);
}, 120_000);
afterAll(async () => {
  await Promise.all([acme?.close(), stranger?.close()]);
  await platform?.close();
});

/** A page name for a block: its file and line. */
const nameOf = (block: DocBlock) => where(block).replace(/[^\w]+/g, '-');
/** A block's text with the guide's placeholder origins made the test's own. */
const onSite = (text: string, site: PartnerSite) => text.replaceAll(PARTNER_ORIGIN, site.origin);
/** The loader, for a block that shows elements without a script. */
const withScript = (html: string) =>
  html.includes('<script') ? html : `<script type="module" src="${GUIDE_ORIGIN}/esm/loader.js"></script>${html}`;

/** Opens `path` of `site` and waits for every widget; checks Obra's files came with CORS and nothing failed. */
async function open(site: PartnerSite, path: string, name: string) {
  const page = await browser.newPage();
  await stubYouTube(page);
  const errors = recordErrors(page);
  const files = recordObraFiles(page, platform.origin);
  const events = await recordEvents(page);
  await page.goto(`${site.origin}${path}`);
  const tags = await expectRendered(page);
  expect(tags.length, name).toBeGreaterThan(0);
  expect(files.length, name).toBeGreaterThan(0);
  for (const file of files) expect(file, name).toMatchObject({ status: 200, cors: '*', corp: 'cross-origin' });
  return { page, errors, events, tags };
}

/** The wait-list lead stored under `nombre`: how many, and where it came from. */
async function storedLead(table: 'wait_list' | 'partner', nombre: string) {
  const rows = await platform.api.db.query<{ partner_code: string | null; embed_origin: string; embed_approved: boolean }>(
    `select partner_code, embed_origin, embed_approved from ${table} where nombre = $1`,
    [nombre],
  );
  return rows;
}

/** Sends the first wait list of `page` as `nombre`; checks the visitor's thank-you and the lead stored once with the code it carries. */
async function sendWaitList(page: Page, site: PartnerSite, nombre: string) {
  const widget = waitList(page);
  await fillEntry(widget, { ...TYPED, nombre });
  await widget.submit.click();
  await widget.dialog.waitFor();
  const partner = await widget.host.getAttribute('partner');
  expect(await storedLead('wait_list', nombre)).toEqual([
    { partner_code: partner?.toUpperCase() === CODE ? CODE : null, embed_origin: site.origin, embed_approved: true },
  ]);
}

/** An HTML block on a page of the partner's approved site: every widget renders and does what the block shows. */
async function runHtml(block: DocBlock) {
  const name = nameOf(block);
  acme.pages.set(`/${name}.html`, sitePage(withScript(onSite(block.body, acme))));
  // The block as the browser gets it: both origins the test's own.
  const html = onSite(block.body, acme).replaceAll(GUIDE_ORIGIN, platform.origin);
  // A catalogue that links to the partner's own pages: the page of the same section with the software detail is there.
  const detailHref = /detail-href="([^"]+)"/.exec(html)?.[1];
  if (detailHref?.startsWith(acme.origin)) {
    const detailBlock = BLOCKS.find(
      (b) => b.file === block.file && b.section === block.section && b.body.includes('<obra-software-detail'),
    );
    expect(detailBlock, `${where(block)}: the page its detail-href names`).toBeDefined();
    const slug = /slug="([\w-]+)"/.exec(detailBlock!.body)![1]!;
    acme.pages.set(
      new URL(detailHref.replace('{lang}', 'en').replace('{slug}', slug)).pathname,
      sitePage(withScript(onSite(detailBlock!.body, acme))),
    );
  }
  const { page, errors, events, tags } = await open(acme, `/${name}.html`, name);
  // Each wait list says the heading the block gives it in the page's language (English here), or Obra's.
  for (const [i, host] of (await page.locator('obra-wait-list').all()).entries()) {
    const words = await host.evaluate((el) => ({
      en: el.getAttribute('heading-en'),
      any: el.getAttribute('heading'),
      lang: el.getAttribute('lang'),
    }));
    if (words.lang && words.lang !== 'en') continue;
    expect(await waitList(page, i).title.textContent(), where(block)).toBe(words.en ?? words.any ?? EN.title);
  }
  if (tags.includes('obra-wait-list')) {
    await sendWaitList(page, acme, `Ana ${name}`);
    expect((await events()).filter((e) => e.tag === 'obra-wait-list').map((e) => e.type)).toEqual(['obra-submit', 'obra-success']);
    await waitList(page).dialogClose.click();
  }
  if (tags.includes('obra-partner-registration')) {
    const registration = partnerRegistration(page);
    await registration.host.scrollIntoViewIfNeeded();
    await fillRegistration(registration, { ...REGISTRATION, nombre: `Luis ${name}` });
    await registration.submit.click();
    await registration.success.waitFor();
    const partner = await registration.host.getAttribute('partner');
    expect(await storedLead('partner', `Luis ${name}`)).toEqual([
      { partner_code: partner?.toUpperCase() === CODE ? CODE : null, embed_origin: acme.origin, embed_approved: true },
    ]);
  }
  if (tags.includes('obra-software-detail')) expect(await softwareDetail(page).name.textContent()).not.toBe('');
  if (tags.includes('obra-marketplace')) {
    // "More" opens the program, on Obra's product page or on the partner's own page, with the partner's code.
    const more = marketplace(page).more('SketchUp');
    const href = (await more.getAttribute('href'))!;
    const partner = await page.locator('obra-marketplace').getAttribute('partner');
    if (detailHref) expect(href.split('?')[0], where(block)).toBe(detailHref.replace('{lang}', 'en').replace('{slug}', 'sketchup'));
    if (partner) expect(new URL(href, page.url()).searchParams.get('partner')).toBe(partner);
    await more.click();
    await page.waitForURL((url) => url.href !== `${acme.origin}/${name}.html`);
    await expect.poll(() => softwareDetail(page).name.textContent(), { timeout: 15_000 }).toBe('SketchUp');
  }
  expect(errors, where(block)).toEqual([]);
}

/** The Content-Security-Policy line, as the header of a page with every widget, one script each: nothing is refused, a lead is sent. */
async function runCsp(block: DocBlock) {
  const policy = block.body
    .replace(/^Content-Security-Policy:\s*/, '')
    .replace(/\s*\n\s*/g, ' ')
    .replaceAll(GUIDE_ORIGIN, platform.origin);
  const widgets = BLOCKS.find((b) => b.lang === 'html' && b.section === 'One widget: one script, one tag');
  expect(widgets, 'the guide shows every widget with its script').toBeDefined();
  acme.pages.set('/csp.html', sitePage(widgets!.body));
  acme.headers.set('/csp.html', { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': policy });
  const page = await browser.newPage();
  const csp = await watchCsp(page);
  await stubYouTube(page);
  const errors = recordErrors(page);
  await page.goto(`${acme.origin}/csp.html`);
  expect(await expectRendered(page)).toHaveLength(5);
  // The phone check loads when the phone field is used, the design form's estimate when it shows.
  await sendWaitList(page, acme, 'Ana Policy');
  await page.locator('obra-design-form').scrollIntoViewIfNeeded();
  await page.locator('obra-design-form').locator('[part~=estimate]').waitFor();
  await softwareDetail(page).host.locator('.gallery img').first().scrollIntoViewIfNeeded();
  expect(await csp.violations()).toEqual([]);
  expect(errors.filter((e) => !/Content Security Policy/i.test(e))).toEqual([]);
}

/** The obra-error listener, as a script of a site Obra has not approved: the send warns the page's developer. */
async function runErrorListener(block: DocBlock) {
  stranger.pages.set('/listener.js', block.body);
  stranger.pages.set(
    '/listener.html',
    sitePage(
      `<script src="${GUIDE_ORIGIN}/widgets/obra-wait-list.js" defer></script><obra-wait-list partner="${CODE}"></obra-wait-list><script src="/listener.js"></script>`,
    ),
  );
  const page = await browser.newPage();
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await page.goto(`${stranger.origin}/listener.html`);
  const widget = waitList(page);
  await fillEntry(widget, { ...TYPED, nombre: 'Ana Stranger' });
  await widget.submit.click();
  await widget.dialog.waitFor();
  await expect.poll(() => warnings).toHaveLength(1);
  expect(warnings[0]).toContain(stranger.origin);
}

/** The events script: without the visitor's consent nothing is sent; with it, the lead is stored and logged. */
async function runConsent(block: DocBlock) {
  const consent = /<input type="checkbox" id="consent">/.exec(block.body)?.[0];
  expect(consent, 'the script names the consent checkbox it reads').toBeDefined();
  acme.pages.set('/consent.js', block.body);
  acme.pages.set(
    '/consent.html',
    sitePage(
      `<script src="${GUIDE_ORIGIN}/widgets/obra-wait-list.js" defer></script><label>${consent} I agree to be contacted</label>` +
        `<obra-wait-list partner="${CODE}"></obra-wait-list><script src="/consent.js" defer></script>`,
    ),
  );
  const page = await browser.newPage();
  const logs: string[] = [];
  page.on('console', (message) => void (message.type() === 'log' && logs.push(message.text())));
  const errors = recordErrors(page);
  const events = await recordEvents(page);
  const posts: string[] = [];
  page.on('request', (request) => void (request.method() === 'POST' && posts.push(new URL(request.url()).pathname)));
  await page.goto(`${acme.origin}/consent.html`);
  const widget = waitList(page);
  await fillEntry(widget, { ...TYPED, nombre: 'Ana Consent' });
  await widget.submit.click();
  await expect.poll(() => events()).toEqual([{ type: 'obra-submit', tag: 'obra-wait-list', reason: null }]);
  expect(posts).toEqual([]);
  expect(await widget.dialog.count()).toBe(0);
  await page.locator('#consent').check();
  await widget.submit.click();
  await widget.dialog.waitFor();
  expect(posts).toEqual(['/api/wait-list']);
  expect(await storedLead('wait_list', 'Ana Consent')).toHaveLength(1);
  expect(logs).toEqual([`new lead ${TYPED.correo.trim()}`]);
  expect(errors).toEqual([]);
}

/** `selector { declarations }` rules of a stylesheet (comments dropped). */
function rulesOf(css: string): { selector: string; declarations: [string, string][] }[] {
  return [...css.replace(/\/\*[^]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)].map((match) => ({
    selector: match[1]!.trim(),
    declarations: match[2]!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()] as [string, string]),
  }));
}

/** The widgets' CSS custom properties with their defaults, from the built manifest. */
function cssDefaults(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(`${DIST_DIR}/custom-elements.json`, 'utf8')) as {
    modules: { declarations: { cssProperties: { name: string; default: string }[] }[] }[];
  };
  return Object.fromEntries(manifest.modules[0]!.declarations[0]!.cssProperties.map((property) => [property.name, property.default]));
}

/** The WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((n) => Number(n) / 255) as [number, number, number];
    const f = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** Text colours and what they stand on (4.5:1), and the borders and focus ring against the widget's backgrounds (3:1). */
const TEXT_PAIRS = [
  ['text', 'background'],
  ['text', 'surface'],
  ['muted', 'background'],
  ['muted', 'surface'],
  ['error', 'background'],
  ['success', 'background'],
  ['primary', 'background'],
  ['on-primary', 'primary'],
] as const;
const NON_TEXT_PAIRS = [
  ['border', 'background'],
  ['border', 'surface'],
  ['focus', 'background'],
  ['focus', 'surface'],
] as const;

/**
 * A stylesheet block applied to every widget, in the page and in a section of each class the block
 * styles (`.dark`): each declaration reaches the widgets it selects (a custom property resolves to
 * its value on the element; a `::part` rule's properties are those of a probe given the same
 * declarations), and every widget's colours keep their contrast, measured by axe in the page and
 * pair by pair from the colours the widgets resolve.
 */
async function runCss(block: DocBlock) {
  const rules = rulesOf(block.body);
  expect(rules.length).toBeGreaterThan(0);
  const sections = [...new Set(rules.flatMap((rule) => [...rule.selector.matchAll(/^\.([\w-]+)$/g)].map((m) => m[1]!)))];
  const widgets =
    '<obra-wait-list></obra-wait-list><obra-partner-registration></obra-partner-registration><obra-design-form></obra-design-form>' +
    '<obra-marketplace></obra-marketplace><obra-software-detail slug="sketchup"></obra-software-detail>';
  acme.pages.set('/theme.css', block.body);
  acme.pages.set(
    '/theme.html',
    sitePage(
      withScript(`<main>${widgets}</main>${sections.map((name) => `<section class="${name}">${widgets}</section>`).join('')}`),
      'en',
      '<link rel="stylesheet" href="/theme.css">',
    ),
  );
  const { page, errors } = await open(acme, '/theme.html', 'theme');
  const unmet = await page.evaluate((rules) => {
    const out: string[] = [];
    const probe = document.createElement('div');
    document.body.append(probe);
    const widgets = [...document.querySelectorAll('*')].filter((el) => el.localName.startsWith('obra-'));
    for (const { selector, declarations } of rules) {
      // Through the CSSOM: the page's CSP (style-src 'self') refuses style attributes.
      probe.removeAttribute('style');
      for (const [property, value] of declarations) probe.style.setProperty(property, value);
      // The longhands a shorthand sets, and the custom properties (which the list of a style leaves out).
      const longhands = [...new Set([...probe.style, ...declarations.map(([name]) => name).filter((name) => name.startsWith('--'))])];
      const want = (property: string) =>
        (property.startsWith('--') ? probe.style.getPropertyValue(property) : getComputedStyle(probe).getPropertyValue(property)).trim();
      const part = /^(.*)::part\(([^)]+)\)$/.exec(selector);
      if (part) {
        const hosts = [...document.querySelectorAll(part[1]!)];
        if (!hosts.length) out.push(`${selector}: selects no widget`);
        for (const host of hosts) {
          const names = part[2]!.trim().split(/\s+/);
          const targets = [...host.shadowRoot!.querySelectorAll(names.map((name) => `[part~="${name}"]`).join(''))];
          if (!targets.length) out.push(`${selector}: ${host.localName} has no such part`);
          for (const target of targets)
            for (const property of longhands) {
              const got = getComputedStyle(target).getPropertyValue(property).trim();
              if (got !== want(property)) out.push(`${selector} ${property}: ${got}, not ${want(property)}`);
            }
        }
        continue;
      }
      // A custom property reaches every widget whose nearest element setting it is one this rule selects.
      let reached = 0;
      for (const property of longhands) {
        const setters = rules
          .filter((rule) => !rule.selector.includes('::part') && rule.declarations.some(([name]) => name === property))
          .map((rule) => rule.selector)
          .join(',');
        for (const widget of widgets) {
          if (!widget.closest(setters)?.matches(selector)) continue;
          reached += 1;
          const got = getComputedStyle(widget).getPropertyValue(property).trim();
          if (got !== want(property)) out.push(`${selector} ${property}: ${widget.localName} has ${got}, not ${want(property)}`);
        }
      }
      if (!reached) out.push(`${selector}: reaches no widget`);
    }
    probe.remove();
    return out;
  }, rules);
  expect(unmet, where(block)).toEqual([]);
  // Every widget's colours as it resolves them (the page's value, else the default), pair by pair.
  const palettes = await page.evaluate((defaults) => {
    const names = ['text', 'muted', 'background', 'surface', 'border', 'error', 'success', 'primary', 'on-primary', 'focus'];
    return [...document.querySelectorAll('*')]
      .filter((el) => el.localName.startsWith('obra-'))
      .map((el) => {
        const probe = document.createElement('span');
        el.shadowRoot!.append(probe);
        const palette = Object.fromEntries(
          names.map((name) => {
            probe.style.color = `var(--obra-color-${name}, ${defaults[`--obra-color-${name}`]})`;
            return [name, getComputedStyle(probe).color];
          }),
        );
        probe.remove();
        return {
          widget: `${el.parentElement!.localName}${el.parentElement!.className ? `.${el.parentElement!.className}` : ''} ${el.localName}`,
          palette,
        };
      });
  }, cssDefaults());
  const low: string[] = [];
  for (const { widget, palette } of palettes) {
    for (const [fore, back] of TEXT_PAIRS)
      if (contrast(palette[fore]!, palette[back]!) < 4.5)
        low.push(`${widget}: ${fore} on ${back} ${contrast(palette[fore]!, palette[back]!).toFixed(2)}:1`);
    for (const [fore, back] of NON_TEXT_PAIRS)
      if (contrast(palette[fore]!, palette[back]!) < 3)
        low.push(`${widget}: ${fore} against ${back} ${contrast(palette[fore]!, palette[back]!).toFixed(2)}:1`);
  }
  expect(low, where(block)).toEqual([]);
  // And as painted: axe's text contrast over every widget, shadow roots included.
  const axe = await runAxe(page, { runOnly: ['color-contrast'] });
  expect(axe.violations.flatMap((v) => v.nodes.map((node) => `${JSON.stringify(node.target)}: ${node.failureSummary}`))).toEqual([]);
  expect(axe.passes.flatMap((pass) => pass.nodes).length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
}

describe("every code block of the partners' guide and of the README's step 4", () => {
  it('is run here or listed with the test that runs it', () => {
    const unaccounted = BLOCKS.filter((block) => !elsewhere(block) && !runnerOf(block)).map(
      (block) => `${where(block)} (${block.lang || 'no language'}, "${block.section}")`,
    );
    expect(unaccounted, 'run each new block here (runnerOf) or list the test that runs it (RUN_ELSEWHERE)').toEqual([]);
    for (const entry of RUN_ELSEWHERE)
      expect(BLOCKS.filter(entry.match).length, `${entry.what}: no such block any more`).toBeGreaterThan(0);
    const listed = BLOCKS.filter(elsewhere);
    expect(RUN_HERE.length + listed.length).toBe(BLOCKS.length);
    // The count, for the record: how many blocks there are and where each is run.
    console.log(
      `[partner-docs] ${BLOCKS.length} blocks: ${RUN_HERE.length} run here, ${listed.length} by ${RUN_ELSEWHERE.map((e) => `${e.by} (${BLOCKS.filter(e.match).length})`).join(', ')}`,
    );
  });

  for (const block of RUN_HERE)
    it(
      `${where(block)} (${block.lang || 'text'}, "${block.section}") works as written on a partner's page`,
      () => runnerOf(block)!(block),
      90_000,
    );
});

describe("the partners' guide as Obra serves it (/docs/partners/)", () => {
  it('the example pages it names are there', async () => {
    const guide = readFileSync(join(ROOT, 'docs/partners/embedding.md'), 'utf8');
    const named = /Working pages: ([^]*?)\.\n/.exec(guide)?.[1];
    const pages = [...(named ?? '').matchAll(/`(?:https:\/\/obra\.example\/examples\/|…\/)([\w-]+\.html)`/g)].map((m) => m[1]!);
    expect(pages).toEqual(['plain.html', 'several.html', 'later.html', 'react.html']);
    for (const page of pages) expect((await fetch(`${platform.origin}/examples/${page}`)).status, page).toBe(200);
  });

  it('fits a 390 px phone: no page scrolls sideways; code blocks and tables scroll inside themselves', async () => {
    const context = await browser.context.browser()!.newContext(phoneContext('en-US'));
    const pages = readdirSync(join(ROOT, 'docs/partners')).filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const path = `/docs/partners/${file.replace(/\.md$/, '.html')}`;
      const page = await context.newPage();
      expect((await page.goto(`${platform.origin}${path}`))?.status(), path).toBe(200);
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        // What sticks out of the viewport and is not inside a block that scrolls.
        out: [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .filter((el) => !el.parentElement!.closest('pre, table'))
          .map((el) => `${el.localName}: ${el.textContent.slice(0, 60)}`),
        scrollers: [...document.querySelectorAll('main :is(pre, table)')]
          .filter((el) => el.scrollWidth > el.clientWidth)
          .map((el) => getComputedStyle(el).overflowX),
      }));
      expect(fit.out, path).toEqual([]);
      expect(fit.page, path).toBe(0);
      for (const overflow of fit.scrollers) expect(overflow, path).toBe('auto');
      if (process.env.OBRA_SCREENSHOTS)
        await page.screenshot({ path: join(process.env.OBRA_SCREENSHOTS, `guide-${file.replace(/\.md$/, '')}-phone.png`), fullPage: true });
      await page.close();
    }
    await context.close();
  });
});
