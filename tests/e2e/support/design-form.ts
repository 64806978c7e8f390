// <obra-design-form> in a page: the site (pages, bundle, capture endpoints for the two POSTs),
// the GET answers (location search, generated image), and locators inside the shadow root.
import type { Page } from 'playwright-core';
import { PLACES, RENDER_SVG } from '../../msw/design-form-handlers.ts';
import { PAGES_DIR, startServer, type TestServer } from './server.ts';

/** The capture endpoints of the design form's API (same origin as the page). */
export const DESIGN_CAPTURE = { '/api/generate-image': { cors: false }, '/api/form-report': { cors: false } };

/** Starts the test site for the design form. */
export const startDesignSite = () => startServer({ pagesDir: PAGES_DIR, capture: DESIGN_CAPTURE });

/** The generated image's URL on the site (an http URL on the API origin counts: docs/contributors/behaviour.md#the-https-image-rule). */
export const imageUrl = (site: TestServer) => `${site.origin}/api/images/render-1.svg`;

/** Every POST answers 200 with an image url (read by generate-image, ignored by form-report). */
export function answerOk(site: TestServer): void {
  site.reply = { status: 200, body: { url: imageUrl(site), id: 'rep_1' } };
}

/** Answers the GETs the capture server does not serve: location search and the generated image. */
async function routeGets(page: Page): Promise<string[]> {
  const searches: string[] = [];
  await page.route(/\/api\/location\?/, (route) => {
    const url = new URL(route.request().url());
    searches.push(url.search);
    const query = url.searchParams.get('query')?.toLowerCase() ?? '';
    return route.fulfill({ json: PLACES.filter(({ Place }) => Place.Label.toLowerCase().includes(query)) });
  });
  await page.route(/\/api\/images\//, (route) => route.fulfill({ contentType: 'image/svg+xml', body: RENDER_SVG }));
  return searches;
}

/** Locators of the (first) design form of the page. */
export function designForm(page: Page) {
  const host = page.locator('obra-design-form').first();
  return {
    host,
    title: host.locator('#design-form-title'),
    section: (title: string) => host.locator('.section-head .toggle', { hasText: title }),
    bolt: (title: string) => host.getByRole('button', { name: new RegExp(`\\(${title}\\)$`) }),
    preview: host.locator('.preview img'),
    /** The example house, drawn inline until an image is generated. */
    example: host.locator('.preview svg[role="img"]'),
    skeleton: host.locator('.preview .skeleton'),
    radio: (name: string, value: string) => host.locator(`input[name="${name}"][value="${value}"]`),
    field: (name: string) => host.locator(`[name="${name}"]`),
    opener: host.locator('button.opener'),
    modal: host.locator('dialog.modal'),
    overlay: host.locator('dialog.overlay'),
    dialog: host.locator('dialog.dialog[open]'),
  };
}

export type DesignFormPage = ReturnType<typeof designForm>;

/** Opens `url` (after routing the GETs) and waits for the form's title. */
export async function openDesignForm(page: Page, url: string) {
  const searches = await routeGets(page);
  await page.goto(url);
  const form = designForm(page);
  await form.title.waitFor();
  return { form, searches };
}
