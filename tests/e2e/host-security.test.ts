// The host's security headers on every kind of response, the strict CSP holding in a real
// browser (no violation on any page), and the static mounts refusing their way out (issue 12).
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { PAGE_ROUTES, pagePath, useHostSite, widgetRendered } from './support/host-site.ts';

const site = useHostSite();

const KINDS: [string, string, number][] = [
  ['a page', '/es', 200],
  ['a widget page', '/en/form', 200],
  ['a redirect', '/', 308],
  ['a 404', '/no/such/page', 404],
  ['an unknown product', '/es/producto/nada', 404],
  ['a bundle', '/widgets/obra-wait-list.js', 200],
  ['a missing bundle', '/widgets/nada.js', 404],
  ['an image', '/img/favicon.svg', 200],
  ['the demo page', '/demo/', 200],
  ['a method the site does not take', '/es', 405],
];

describe('security headers', () => {
  it.each(KINDS)('%s (%s → %i) carries them all', async (_kind, path, status) => {
    const response = await fetch(`${site.base}${path}`, { redirect: 'manual', method: status === 405 ? 'POST' : 'GET' });
    expect(response.status).toBe(status);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // Served over http here: no HSTS (it is sent when PUBLIC_URL is https).
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it.each([
    '/widgets/..%2fstorybook%2fiframe.html',
    '/widgets/..%2ftest-results%2fserver.json',
    '/widgets/%2e%2e/host/csp.json',
    '/esm/..%5c..%5cpackage.json',
    '/assets/..%2f..%2fpackage.json',
    '/img/..%2f..%2f..%2fpackage.json',
    '/examples/%2e%2e%2fbuild.ts',
    '/widgets/obra-wait-list.js%00.png',
  ])('%s is a 404', async (path) => {
    const response = await fetch(`${site.base}${path}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/"name": "obra"|storybook/i);
  });
});

describe('the strict CSP in Chromium', () => {
  const browser = useBrowser();

  it('no page of the site breaks it, in es and en', async () => {
    const { context } = browser;
    const violations: string[] = [];
    for (const route of PAGE_ROUTES) {
      const page = await context.newPage();
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(`${pagePath(route)}: ${message.text()}`);
      });
      await page.goto(`${site.base}${pagePath(route)}`);
      await widgetRendered(page, route);
      // The enhancing script ran (the inline marker class and the module both passed the policy).
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
      await page.close();
    }
    expect(violations).toEqual([]);
  });
});
