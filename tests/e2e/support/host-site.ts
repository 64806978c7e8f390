// The host site as `npm start` serves it (host/serve.ts as its own process, temp data folder),
// and the list of its pages for browser tests.
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { removeDataDir, seededDataDir, startProcess, type ApiProcess } from '../../server/support/api.ts';
import { allRoutes, pathFor, WIDGET_OF, type Route } from '../../../host/src/routes.ts';

/** The 18 page variants: every page in es and en, the product page with a real slug. */
export const PAGE_ROUTES: Route[] = allRoutes(['sketchup']);
export const pagePath = pathFor;

export interface HostSite {
  readonly base: string;
  readonly dataDir: string;
  readonly process: ApiProcess;
}

/** Starts host/serve.ts for this test file (MIN_FILL_MS=0: scripted visitors type fast; LOG_LEVEL info: its listening line gives the port). */
export function useHostSite(): HostSite {
  let dataDir = '';
  let host: ApiProcess | undefined;
  beforeAll(async () => {
    dataDir = await seededDataDir();
    host = await startProcess('host', { OBRA_DATA_DIR: dataDir, MIN_FILL_MS: '0', LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await host?.stop();
    removeDataDir(dataDir);
  });
  return {
    get base() {
      return host!.base;
    },
    get dataDir() {
      return dataDir;
    },
    get process() {
      return host!;
    },
  };
}

/** Waits until the page's widget (if any) has rendered into its shadow root. */
export async function widgetRendered(page: Page, route: Route): Promise<void> {
  const tag = WIDGET_OF[route.page];
  if (!tag) return;
  await page.waitForFunction((t) => !!document.querySelector(t)?.shadowRoot?.textContent?.trim(), tag, { timeout: 15_000 });
}

/** Whether the widget's code has replaced its pre-rendered view (its inline `<style>` is gone then). */
export const takenOver = (page: Page, tag: string) =>
  page.evaluate((t) => !!customElements.get(t) && !document.querySelector(t)!.shadowRoot!.querySelector('style'), tag);
