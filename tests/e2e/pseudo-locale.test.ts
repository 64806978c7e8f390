// A new language is one line in the list and its catalogues (docs/contributors/architecture.md#languages):
// the site's renderer is built with the pseudo-language (support/pseudo-locale.ts) added that way,
// and every page of the site in it, with each widget's first view pre-rendered in it, is opened in
// Chromium at a phone's width and at a desktop's. A plain ASCII letter on screen is a text no
// catalogue gave (the pseudo-language has none); a text wider than its box overflows.
import { build } from 'esbuild';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE } from '../../host/src/site.ts';
import { importBuilt, ROOT } from '../../tools/esbuild.ts';
import { useBrowser } from './support/browser.ts';
import { CURRENCIES, findings, PSEUDO, pseudo, pseudoLocale } from './support/pseudo-locale.ts';
import { softwareCatalogue } from '@obra/catalogue';

/**
 * Words on screen that are data, not text: the company's and the programs' names (the software catalogue), and the
 * currencies' and countries' codes.
 */
const DATA = new Set([SITE.name, ...softwareCatalogue.map((item) => item.name), ...CURRENCIES]);

/**
 * Where data is shown, not text (besides the other languages' switches, each in its own words): the
 * company's address and e-mail (host/src/site.ts), the programs' names and their videos' channels,
 * the logos' letters, and the country picker's names (Intl's, in the browser's languages).
 */
const NOT_TEXT = 'address, a[href^="mailto:"], svg, .video-channel, .country-button';

type Renderer = typeof import('../../host/src/render.tsx');
let pages: [string, string][] = [];
let css = '';

beforeAll(async () => {
  const renderer = await importBuilt<Renderer>({
    entryPoints: ['host/src/render.tsx'],
    outfile: join(ROOT, `dist/.pseudo-render-${process.pid}.mjs`),
    jsxImportSource: 'preact',
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
    plugins: [pseudoLocale()],
  });
  const styles = await build({ absWorkingDir: ROOT, entryPoints: ['host/src/site.css'], bundle: true, write: false, logLevel: 'warning' });
  css = styles.outputFiles[0]!.text;
  const site = renderer.renderSite({ css, script: '', loader: '', prerender: renderer.prerenderWidget });
  pages = [...site].filter(([file]) => file.startsWith(`${PSEUDO}/`));
}, 120_000);

describe('a new language is its line in the list and its catalogues', () => {
  const { newPage } = useBrowser();

  it('finds a text no catalogue gave and a text wider than its box', async () => {
    const page = await newPage();
    await page.setContent(
      `<html lang="${PSEUDO}"><body><p>${pseudo('Hola')} Hard-coded</p><div id="narrow" style="width:40px;white-space:nowrap">${pseudo('Enviar los datos')}</div></body></html>`,
    );
    expect(await findings(page, DATA, NOT_TEXT)).toEqual({
      plain: ['p: Hard-coded'],
      overflow: [`div#narrow: ${pseudo('Enviar los datos').slice(0, 40)}`],
    });
  });

  it('makes every text of the catalogues pseudo: accented, 40 % longer, placeholders kept', () => {
    expect(pseudo('Enviar {{count}} datos')).toBe('Éñʋîàŕ {{count}} đàţöš ẋẋẋẋẋ ẋ');
    expect(pages.length).toBeGreaterThan(10);
  });

  for (const [width, height] of [
    [360, 780],
    [1280, 900],
  ] as const)
    it(`shows every page of the site and every widget on them at ${width} px with no text outside the catalogues and none overflowing`, async () => {
      const page = await newPage();
      await page.setViewportSize({ width, height });
      // Nothing is fetched: the pages' scripts and the widgets' code stay out, their first view is pre-rendered.
      await page.route('**/*', (route) => route.abort());
      const found: Record<string, { plain: string[]; overflow: string[] }> = {};
      for (const [file, html] of pages) {
        await page.setContent(html, { waitUntil: 'domcontentloaded' });
        const result = await findings(page, DATA, NOT_TEXT);
        if (result.plain.length || result.overflow.length) found[file] = result;
      }
      expect(found).toEqual({});
    }, 120_000);
});
