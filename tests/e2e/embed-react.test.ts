// The React wrapper (@obra/react): rendered on a server in Node (no window), then the React 19
// example page (dist/examples/react.html, server HTML) hydrated in Chromium, where the element
// loads lazily, upgrades, follows React state and reports its events to React callbacks.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ObraDesignForm, ObraMarketplace, ObraPartnerRegistration, ObraSoftwareDetail, ObraWaitList } from '@obra/react';
import { useBrowser } from './support/browser.ts';
import { recordErrors, recordScripts, startExamplesSite } from './support/embed.ts';
import { stubYouTube } from './support/marketplace.ts';
import type { TestServer } from './support/server.ts';
import { EN, ES, fillEntry, SENT, waitList } from './support/wait-list.ts';

describe('the React wrapper on a server', () => {
  it('renders every widget’s tag with its attributes in Node, where there is no window', () => {
    expect(typeof window).toBe('undefined');
    const onSuccess = vi.fn();
    const html = renderToString(
      createElement('div', null, [
        createElement(ObraWaitList, {
          key: 1,
          lang: 'en',
          apiBase: 'https://obra.example/api',
          transport: 'no-cors',
          endpoint: 'https://sheet.example/x',
          onSuccess,
        }),
        createElement(ObraPartnerRegistration, { key: 2, className: 'partner' }),
        createElement(ObraDesignForm, { key: 3, id: 'design' }),
        createElement(ObraMarketplace, { key: 4, detailHref: '/p/{slug}' }),
        createElement(ObraSoftwareDetail, { key: 5, slug: 'revit' }),
      ]),
    );
    expect(html).toBe(
      '<div><obra-wait-list lang="en" api-base="https://obra.example/api" endpoint="https://sheet.example/x" transport="no-cors"></obra-wait-list>' +
        '<obra-partner-registration class="partner"></obra-partner-registration><obra-design-form id="design"></obra-design-form>' +
        '<obra-marketplace detail-href="/p/{slug}"></obra-marketplace><obra-software-detail slug="revit"></obra-software-detail></div>',
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('renders from the built package (packages/*/dist) in plain Node, as a React host installs it', () => {
    const root = new URL('../../', import.meta.url);
    expect(existsSync(new URL('packages/react/dist/index.js', root)), 'run npm run build:lib first').toBe(true);
    // No `source` condition: @obra/* resolve to their tsup builds, like in a partner's node_modules.
    const script = `
      const { ObraWaitList } = await import('@obra/react');
      const { renderToString } = await import('react-dom/server');
      const { createElement } = await import('react');
      process.stdout.write(typeof window + ' ' + renderToString(createElement(ObraWaitList, { lang: 'en', transport: 'no-cors' })));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(out).toBe('undefined <obra-wait-list lang="en" transport="no-cors"></obra-wait-list>');
  });
});

describe('the React 19 example page', () => {
  const browser = useBrowser();
  let site: TestServer;
  beforeAll(async () => {
    site = await startExamplesSite();
  });
  afterAll(() => site.close());

  it('serves the server HTML, hydrates it without a mismatch, then loads and upgrades the element', async () => {
    const served = await (await fetch(`${site.origin}/examples/react.html`)).text();
    expect(served).toContain('<obra-wait-list id="wait-list" lang="es"></obra-wait-list>');

    const page = await browser.newPage();
    const scripts = recordScripts(page);
    const errors = recordErrors(page);
    await stubYouTube(page);
    // Marks the <obra-wait-list> the HTML parser creates, before any script of the page runs.
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) if (node.nodeName === 'OBRA-WAIT-LIST') Object.assign(node, { fromServerHtml: true });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${site.origin}/examples/react.html`);
    const widget = waitList(page);
    await expect.poll(() => widget.title.textContent()).toBe(ES.title);
    // Hydration adopted the server's element instead of rendering a new one.
    expect(await widget.host.evaluate((el) => (el as unknown as { fromServerHtml?: boolean }).fromServerHtml)).toBe(true);
    // The element's code came as a lazy chunk after hydration, not with the page's first script.
    expect(scripts.paths[0]).toBe('/examples/react/client.js');
    expect(scripts.paths.some((p) => /^\/examples\/react\/chunks\/register-[\w-]+\.js$/.test(p))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('follows React state for the language and reports events to React callbacks', async () => {
    const page = await browser.newPage();
    const errors = recordErrors(page);
    await stubYouTube(page);
    await page.goto(`${site.origin}/examples/react.html`);
    const widget = waitList(page);
    await expect.poll(() => widget.title.textContent()).toBe(ES.title);

    await page.locator('#switch-lang').click();
    await expect.poll(() => widget.title.textContent()).toBe(EN.title);
    await expect.poll(() => widget.host.getAttribute('lang')).toBe('en');

    await fillEntry(widget);
    await widget.submit.click();
    await expect.poll(() => site.posts('/api/wait-list').map((r) => r.body)).toEqual([SENT]);
    // onSuccess set React state from event.detail.entry.
    await expect.poll(() => page.locator('#status').textContent()).toBe('Thank you, Ana Pérez: we will be in touch.');
    expect(errors).toEqual([]);
  });
});
