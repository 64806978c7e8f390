// @vitest-environment node
// React hosts render on a server: importing the packages there must not touch window or define elements.
import { expect, it } from 'vitest';

/** Globals a browser has and Node has not: an import that needs one would throw or create it. */
const BROWSER_GLOBALS = ['window', 'document', 'customElements', 'HTMLElement', 'localStorage'];

it('imports every package and register module without a DOM', async () => {
  expect(BROWSER_GLOBALS.filter((name) => name in globalThis)).toEqual([]);
  const [element, i18n, api, ui, waitList, , partner, , marketplace] = await Promise.all([
    import('@obra/element'),
    import('@obra/i18n'),
    import('@obra/api'),
    import('@obra/ui'),
    import('@obra/wait-list'),
    import('@obra/wait-list/register'),
    import('@obra/partner-registration'),
    import('@obra/partner-registration/register'),
    import('@obra/marketplace'),
    import('@obra/marketplace/marketplace/register'),
    import('@obra/marketplace/software-detail/register'),
  ]);
  // Each package gives a server its exports (a module that failed half-way would miss them).
  for (const [name, module] of Object.entries({ element, i18n, api, ui, waitList, partner, marketplace }))
    expect(Object.keys(module).length, name).toBeGreaterThan(0);
  const definitions = [
    waitList.waitListWidget,
    partner.partnerRegistrationWidget,
    marketplace.marketplaceWidget,
    marketplace.softwareDetailWidget,
  ];
  expect(definitions.map((d) => d.tag)).toEqual([
    'obra-wait-list',
    'obra-partner-registration',
    'obra-marketplace',
    'obra-software-detail',
  ]);
  // Registering on a server is a no-op that says so (undefined, not a class), and leaves no browser global behind.
  const { registerWidget } = element;
  expect([
    registerWidget(waitList.waitListWidget),
    registerWidget(partner.partnerRegistrationWidget),
    registerWidget(marketplace.marketplaceWidget),
    registerWidget(marketplace.softwareDetailWidget),
  ]).toEqual([undefined, undefined, undefined, undefined]);
  expect(BROWSER_GLOBALS.filter((name) => name in globalThis)).toEqual([]);
});
