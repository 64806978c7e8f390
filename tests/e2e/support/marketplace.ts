// Locators for <obra-marketplace> and <obra-software-detail> in a page. Playwright's CSS locators
// pierce open shadow roots, so these selectors reach inside the widgets.
import type { Page } from 'playwright-core';

/** Strings the tests look for (from packages/i18n/locales and the catalogue). */
export const COPY = {
  es: {
    title: 'Catálogo de software',
    search: 'Buscar',
    next: 'Página siguiente',
    previous: 'Página anterior',
    noResults: 'No hay software que coincida con «zzz».',
    badge: '199\u00a0US$',
    notFound: 'Software no encontrado.',
    close: 'Cerrar el vídeo',
  },
  en: {
    title: 'Software catalogue',
    search: 'Search',
    next: 'Next page',
    previous: 'Previous page',
    noResults: 'No software matches “zzz”.',
    badge: 'US$199',
    notFound: 'Software not found.',
    close: 'Close the video',
  },
} as const;

export const PAGE_1 = ['AutoCAD', 'Revit', 'SketchUp', 'Archicad', 'Rhino', 'Lumion'];
export const PAGE_2 = ['Enscape', 'V-Ray', 'Blender', 'Twinmotion'];

/** The parts of one `<obra-marketplace>` (the `index`-th in the page). */
export function marketplace(page: Page, index = 0) {
  const host = page.locator('obra-marketplace').nth(index);
  return {
    host,
    title: host.locator('#marketplace-title'),
    input: host.locator('input[role=combobox]'),
    listbox: host.locator('[role=listbox]'),
    options: host.locator('[role=option] .option-name'),
    searchButton: host.locator('form[role=search] button[type=submit]'),
    cards: host.locator('.software-card h3'),
    more: (name: string) => host.locator('.software-card', { hasText: name }).locator('a.more'),
    pageButton: (n: number) => host.locator('.pagination button.page').nth(n - 1),
    arrows: { previous: host.locator('.page-arrow').first(), next: host.locator('.page-arrow').last() },
    current: host.locator('.pagination [aria-current=page]'),
    noResults: host.locator('.no-results'),
  };
}

/** The parts of one `<obra-software-detail>`. */
export function softwareDetail(page: Page, index = 0) {
  const host = page.locator('obra-software-detail').nth(index);
  return {
    host,
    name: host.locator('#software-name'),
    badge: host.locator('.badge'),
    visit: host.locator('a.visit'),
    notFound: host.locator('.not-found [role=alert]'),
    cards: host.locator('.carousel-slide:not([aria-hidden]) .video-card'),
    dialog: host.locator('dialog.video-overlay'),
    iframe: host.locator('dialog.video-overlay iframe'),
    close: host.locator('dialog.video-overlay button.close'),
  };
}

/** Whether the video dialog is open (a closed <dialog> is still in the DOM). */
export const dialogOpen = (detail: ReturnType<typeof softwareDetail>) =>
  detail.host.evaluate((el) => !!el.shadowRoot!.querySelector('dialog')?.open);

/** Answers the embedded player with an empty page: the test browser has no internet. */
export async function stubYouTube(page: Page): Promise<void> {
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|i\.ytimg\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().resourceType() === 'image' ? 'image/svg+xml' : 'text/html',
      body:
        route.request().resourceType() === 'image'
          ? '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#555"/></svg>'
          : '<!doctype html><title>player</title>',
    }),
  );
}
