// One Chromium per test worker, a fresh context per test, and a screenshot of every open page when
// a test fails (tests/e2e/.artifacts/, ignored by git).
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/', import.meta.url));

/** The flags every launch here takes: no sandbox (root in a container), no GPU, no traffic of its own. */
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * Launches Debian's Chromium headless shell (CHROMIUM_PATH or /usr/bin/chromium-headless-shell,
 * the `chromium-headless-shell` package .ci/setup.mjs installs); never downloads one. It is the
 * same Chromium (156) without the browser's UI layer, the build Playwright itself runs headless
 * tests in: the whole e2e project took 162 CPU-seconds in it against 382 in /usr/bin/chromium
 * (185 s wall against 277). The load benchmarks (bench:faults, bench:cluster) use it too.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', args: FLAGS });
}

/**
 * Launches the full Chromium a visitor runs (CHROMIUM_PATH or /usr/bin/chromium, new headless
 * mode), for the benchmarks that measure what a visitor's browser does: input latency
 * (bench:design-form), traces (bench:trace), the console screenshots (which add `--hide-scrollbars`).
 */
export function launchFullBrowser(...extraFlags: string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', ...FLAGS, ...extraFlags],
  });
}

/** The context every test gets unless it asks otherwise. The browser speaks English on purpose:
 * the widgets must follow the page's language, not the browser's. */
export const DEFAULT_CONTEXT: BrowserContextOptions = { viewport: { width: 1024, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' };

/** A phone (390×844, touch) whose browser speaks `locale`, for tests of what a visitor sees on one. */
export const phoneContext = (locale = 'es-ES'): BrowserContextOptions => ({
  viewport: { width: 390, height: 844 },
  locale,
  reducedMotion: 'reduce',
  hasTouch: true,
  isMobile: true,
});

/** The requests each tracked context has started and not yet had answered (see {@link trackRequests}). */
const openRequests = new WeakMap<BrowserContext, Set<Request>>();

/**
 * Starts counting the context's requests in flight, so {@link requestsInFlight} can tell when the
 * pages are quiet. A request counts as done when its answer's headers arrive (the server has seen
 * it and answered) or it fails: Chromium finishes a request only once something reads its body,
 * and a body nothing reads (a prefetched module the page then loaded itself) would keep it open.
 */
function trackRequests(context: BrowserContext): void {
  const open = new Set<Request>();
  openRequests.set(context, open);
  context.on('request', (request) => void open.add(request));
  context.on('response', (response) => void open.delete(response.request()));
  context.on('requestfinished', (request) => void open.delete(request));
  context.on('requestfailed', (request) => void open.delete(request));
}

/** The requests of the page's context still unanswered (method and URL); throws when nothing tracks that context. */
export function requestsInFlight(page: Page): string[] {
  const open = openRequests.get(page.context());
  if (!open) throw new Error('requestsInFlight: the context is not tracked (create it with useBrowser or trackRequests)');
  return [...open].map((request) => `${request.method()} ${request.url()}`);
}

export interface BrowserSuite {
  /** A new page in this test's context. */
  newPage(): Promise<Page>;
  /** This test's context (created before each test, closed after it). */
  readonly context: BrowserContext;
}

/**
 * The browser every file of this worker shares (the e2e project runs its files in one module
 * graph, `isolate: false`): a launch costs about a second of CPU, and the tests share nothing
 * through it, each having a context of its own. Launched again if it went away or failed to start;
 * Playwright closes it when the worker exits.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then(
    (browser) => {
      browser.on('disconnected', () => (shared = undefined));
      return browser;
    },
    (error: unknown) => {
      // A failed launch fails this file, and the next file tries again.
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** Registers the hooks of a browser test file: the worker's browser, one context per test. */
export function useBrowser(options: BrowserContextOptions = DEFAULT_CONTEXT): BrowserSuite {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(async () => {
    // A context a test made itself (browser.newContext) and left open goes with its file.
    await Promise.all(browser?.contexts().map((open) => open.close()) ?? []);
  });
  beforeEach(async () => {
    context = await browser!.newContext(options);
    trackRequests(context);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && context) {
      await mkdir(ARTIFACTS, { recursive: true });
      const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
      await Promise.all(
        context.pages().map((page, i) => page.screenshot({ path: `${ARTIFACTS}${name}-${i}.png`, fullPage: true }).catch(() => undefined)),
      );
    }
    await context?.close();
    context = undefined;
  });
  return {
    newPage: () => context!.newPage(),
    get context() {
      return context!;
    },
  };
}
