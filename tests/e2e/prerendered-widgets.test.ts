// The host pages carry each widget's first view as declarative shadow DOM (host/src/widget-shadow.ts):
// it is there without any script, the widget's code waits for the visitor, and when it takes over
// nothing shifts and nothing typed before is lost.
import { describe, expect, it } from 'vitest';
import type { Page, Route as Request } from 'playwright-core';
import { DEFAULT_CONTEXT, useBrowser } from './support/browser.ts';
import { recordScripts } from './support/embed.ts';
import { recordShifts, shiftsSoFar } from './support/shifts.ts';
import { PAGE_ROUTES, pagePath, takenOver, useHostSite } from './support/host-site.ts';
import { EN, ES, SENT, TYPED, waitList } from './support/wait-list.ts';
import { WIDGET_OF } from '../../host/src/routes.ts';

const site = useHostSite();
const browser = useBrowser();
const WIDGET_ROUTES = PAGE_ROUTES.filter((route) => WIDGET_OF[route.page]);

/** Holds the widget's entry module back (as a slow network would) until the returned function is called. */
async function holdWidgetCode(page: Page, tag: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/esm/${tag}.js`, async (request: Request) => {
    await released;
    await request.continue();
  });
  return release;
}

describe('pre-rendered widgets', () => {
  it("shows every widget page's widget in its language with JavaScript disabled", async () => {
    const context = await browser.context.browser()!.newContext({ ...DEFAULT_CONTEXT, javaScriptEnabled: false });
    try {
      for (const route of WIDGET_ROUTES) {
        const page = await context.newPage();
        await page.goto(`${site.base}${pagePath(route)}`);
        const view = page.locator(`${WIDGET_OF[route.page]} .obra-root`);
        expect(await view.getAttribute('lang'), pagePath(route)).toBe(route.lang);
        // Real content, laid out: a box with height and text.
        expect((await view.textContent())!.trim().length, pagePath(route)).toBeGreaterThan(20);
        expect((await view.boundingBox())!.height, pagePath(route)).toBeGreaterThan(100);
        await page.close();
      }
      const page = await context.newPage();
      await page.goto(`${site.base}/es/lista_de_espera`);
      expect(await waitList(page).title.textContent()).toBe(ES.title);
      await page.goto(`${site.base}/en/wait_list`);
      expect(await waitList(page).title.textContent()).toBe(EN.title);
    } finally {
      await context.close();
    }
  });

  it('runs no widget code for a visitor who only reads, and shifts nothing, on a phone', async () => {
    // Lighthouse's mobile device: where the bench measures CLS and blocking time.
    const context = await browser.context
      .browser()!
      .newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    try {
      for (const route of WIDGET_ROUTES) {
        const page = await context.newPage();
        const scripts = recordScripts(page);
        await recordShifts(page);
        await page.goto(`${site.base}${pagePath(route)}`);
        await page.waitForLoadState('networkidle');
        expect(scripts.paths, pagePath(route)).toContain('/esm/loader.js');
        // Its modules may be preloaded (fetched, not run): the element is never defined.
        expect(await page.evaluate((tag) => !!customElements.get(tag), WIDGET_OF[route.page]!), pagePath(route)).toBe(false);
        expect(await shiftsSoFar(page), pagePath(route)).toEqual([]);
        await page.close();
      }
    } finally {
      await context.close();
    }
  });

  it.each([
    ['/es/formulario', 'obra-design-form', '.preview', 'Imagen de ejemplo: una casa de dos pisos'],
    ['/en/form', 'obra-design-form', '.preview', 'Example image: a two-storey house'],
    ['/es/producto/sketchup', 'obra-software-detail', '.hero-image', 'Ilustración de SketchUp'],
    ['/en/product/sketchup', 'obra-software-detail', '.hero-image', 'Illustration of SketchUp'],
  ])(
    '%s paints its illustration inline with the page, fetches no image for it, and the take-over keeps the same markup',
    async (path, tag, box, label) => {
      const page = await browser.newPage();
      const images: string[] = [];
      // The site's own images (the video thumbnails come from i.ytimg.com, which this machine cannot reach).
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.resourceType() === 'image' && url.origin === new URL(site.base).origin) images.push(url.pathname);
      });
      await page.goto(`${site.base}${path}`);
      await page.waitForLoadState('networkidle');
      const art = page.locator(`${tag} ${box} svg[role="img"]`);
      expect(await art.getAttribute('aria-label')).toBe(label);
      expect(await page.locator(`${tag} ${box} img`).count()).toBe(0);
      // The only images a page fetches are the product's gallery (lazy, further down): none for the illustration.
      const gallery = await page
        .locator(`${tag} .gallery img`)
        .evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src).pathname));
      expect(images.filter((image) => !gallery.includes(image))).toEqual([]);
      const before = await art.evaluate((svg) => svg.outerHTML);
      expect(await takenOver(page, tag)).toBe(false);
      // A pointer over it brings the code, which draws the same illustration in the same place.
      const place = await art.boundingBox();
      await art.hover();
      await expect.poll(() => takenOver(page, tag), { timeout: 15_000 }).toBe(true);
      expect(await art.evaluate((svg) => svg.outerHTML)).toBe(before);
      expect(await art.boundingBox()).toEqual(place);
      expect(images.filter((image) => !gallery.includes(image))).toEqual([]);
    },
  );

  it('keeps what the visitor typed before the code arrived, the focus, and then works, without a shift', async () => {
    const page = await browser.newPage();
    await recordShifts(page);
    const release = await holdWidgetCode(page, 'obra-wait-list');
    await page.goto(`${site.base}/es/lista_de_espera`);
    const widget = waitList(page);
    await widget.field('nombre').pressSequentially('Ana');
    expect(await takenOver(page, 'obra-wait-list')).toBe(false);

    release();
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    expect(await widget.field('nombre').inputValue()).toBe('Ana');
    // The caret is still in the field: typing goes on where it stopped.
    await page.keyboard.type(' Pérez');
    expect(await widget.field('nombre').inputValue()).toBe('Ana Pérez');
    expect(await shiftsSoFar(page)).toEqual([]);

    // The widget's state learnt the early typing: the entry sent carries it.
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/wait-list') && r.method() === 'POST');
    await widget.radio('cliente').check();
    for (const name of ['correo', 'telefono', 'comentario'] as const) await widget.field(name).fill(TYPED[name]);
    await widget.submit.click();
    expect((await sent).postDataJSON()).toMatchObject({ ...SENT, nombre: 'Ana Pérez' });
    await widget.dialog.waitFor();
    expect(await widget.dialogTitle.textContent()).toBe(ES.sentTitle);
  });

  it('keeps a choice made before the code arrived, and the view follows it', async () => {
    const page = await browser.newPage();
    const release = await holdWidgetCode(page, 'obra-wait-list');
    await page.goto(`${site.base}/en/wait_list`);
    const widget = waitList(page);
    const comment = widget.host.locator('label[for]').last();
    const before = await comment.textContent();
    await widget.radio('proveedor').check();
    release();
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    expect(await widget.radio('proveedor').isChecked()).toBe(true);
    // The comment's label depends on the choice: the widget's state has it.
    await expect.poll(() => comment.textContent()).not.toBe(before);
  });

  it('brings a saved draft back on the next visit without waiting for the visitor', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.base}/en/wait_list`);
    const widget = waitList(page);
    await widget.field('nombre').fill('Ana');
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    await widget.field('correo').fill('ana@example.com');
    // The draft is written after a pause in typing.
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('obra:wait-list:')))).toBe(true);

    await page.reload();
    // No pointer, key or focus: the stored draft alone makes the code take over and restore it.
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => widget.field('correo').inputValue()).toBe('ana@example.com');
    expect(await widget.field('nombre').inputValue()).toBe('Ana');
  });

  it('replays a press on a button made before the code took over', async () => {
    const page = await browser.newPage();
    const release = await holdWidgetCode(page, 'obra-wait-list');
    await page.goto(`${site.base}/en/wait_list`);
    const widget = waitList(page);
    // Sending the empty form: the pre-rendered form must not submit natively (no navigation).
    await widget.submit.click();
    expect(page.url()).toBe(`${site.base}/en/wait_list`);
    release();
    // Once the code runs, the held press validates the form as a press after it would.
    await expect.poll(() => widget.errors.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await widget.errors.first().textContent()).toBe(EN.choose);
    expect(page.url()).toBe(`${site.base}/en/wait_list`);
  });

  it('loads the code again once the visitor is back online: a send pressed offline before it came goes then', async () => {
    const page = await browser.newPage();
    // The entry fails while offline however early the page prefetched it (a route also keeps
    // the browser's cache out of the way).
    let offline = false;
    await page.route('**/esm/obra-wait-list.js', (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${site.base}/en/wait_list`);
    const widget = waitList(page);
    offline = true;
    await browser.context.setOffline(true);
    const failed = page.waitForEvent(
      'requestfailed',
      (request) => request.url().endsWith('/esm/obra-wait-list.js') && request.resourceType() === 'script',
    );
    // The first move imports the code, which cannot come; what is typed stays in the page's view.
    await widget.radio('cliente').check();
    await failed;
    for (const name of ['nombre', 'correo', 'telefono', 'comentario'] as const) await widget.field(name).fill(TYPED[name]);
    await widget.submit.click();
    expect(await takenOver(page, 'obra-wait-list')).toBe(false);

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/wait-list') && r.method() === 'POST');
    offline = false;
    await browser.context.setOffline(false);
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    // The press held while the code was missing is replayed: the entry goes with what was typed.
    expect((await sent).postDataJSON()).toMatchObject(SENT);
    await widget.dialog.waitFor();
    expect(await widget.dialogTitle.textContent()).toBe(EN.sentTitle);
  });

  it('tries the code again 2 s after a failed import while online: a press held meanwhile goes then', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    // The server fails the entry's import once (a hiccup; the page's prefetch of it goes through); the browser stays online.
    let failures = 1;
    await page.route('**/esm/obra-wait-list.js', (route) =>
      route.request().resourceType() === 'script' && failures-- > 0 ? route.abort('connectionreset') : route.continue(),
    );
    await page.goto(`${site.base}/en/wait_list`);
    const widget = waitList(page);
    // The page's time stands still from here (a second on, past any time the call itself takes): only runFor moves it.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    // The loader throws the failure on once it has planned the next try.
    const failed = page.waitForEvent('pageerror', (error) => error.message.includes('/esm/obra-wait-list.js'));
    await widget.submit.click();
    await failed;
    await page.clock.runFor(1999);
    expect(await takenOver(page, 'obra-wait-list')).toBe(false);
    const retried = page.waitForRequest(
      (request) => request.url().endsWith('/esm/obra-wait-list.js') && request.resourceType() === 'script',
    );
    await page.clock.runFor(1);
    await retried;
    // Time runs again for the take-over, which renders on a timer of its own.
    await page.clock.resume();
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    // The held press on the empty form validates it, as a press after the take-over would.
    await expect.poll(() => widget.errors.count()).toBeGreaterThan(0);
    expect(await widget.errors.first().textContent()).toBe(EN.choose);
  });

  it('keeps a press the take-over cuts in two: pressed on the old view, released on the new one', async () => {
    const page = await browser.newPage();
    const release = await holdWidgetCode(page, 'obra-wait-list');
    await page.goto(`${site.base}/en/wait_list`);
    const widget = waitList(page);
    const box = (await widget.submit.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // The pointer goes down on the pre-rendered button (which asks for the code) and stays down
    // while the code arrives and replaces the view: the browser then makes no click of the two.
    await page.mouse.down();
    release();
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    expect(await widget.errors.count()).toBe(0);
    await page.mouse.up();
    await expect.poll(() => widget.errors.count()).toBeGreaterThan(0);
    expect(await widget.errors.first().textContent()).toBe(EN.choose);
  });

  /**
   * A keyboard visitor on the wait list's pre-rendered submit button presses Space (a button is
   * pressed on keydown and clicked on keyup); the code arrives before the key comes up, its view
   * takes the focus back, and the submit button's clicks are counted from then on.
   */
  async function spaceDownAcrossTakeOver() {
    const page = await browser.newPage();
    const release = await holdWidgetCode(page, 'obra-wait-list');
    await page.goto(`${site.base}/en/wait_list`);
    const widget = waitList(page);
    await widget.submit.focus();
    await page.keyboard.down(' ');
    release();
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => widget.submit.evaluate((button) => button.matches(':focus'))).toBe(true);
    await widget.host.evaluate((el) => {
      el.dataset.clicks = '0';
      el.shadowRoot!.addEventListener('click', (event) => {
        if ((event.target as Element).closest('button[type=submit]')) el.dataset.clicks = String(Number(el.dataset.clicks) + 1);
      });
    });
    const clicks = () => widget.host.getAttribute('data-clicks').then(Number);
    return { page, widget, clicks };
  }

  it('keeps a Space press the take-over cuts in two: key down on the old button, up on the new one, one click', async () => {
    const { page, widget, clicks } = await spaceDownAcrossTakeOver();
    expect(await widget.errors.count()).toBe(0);
    await page.keyboard.up(' ');
    await expect.poll(() => widget.errors.count()).toBeGreaterThan(0);
    expect(await widget.errors.first().textContent()).toBe(EN.choose);
    expect(await clicks()).toBe(1);
  });

  it('clicks once when the browser clicks the new button itself (Space pressed on it again before the release)', async () => {
    const { page, widget, clicks } = await spaceDownAcrossTakeOver();
    // The key repeats on the new button, which makes it the browser's press: its keyup clicks.
    await page.keyboard.down(' ');
    await page.keyboard.up(' ');
    await expect.poll(() => widget.errors.count()).toBeGreaterThan(0);
    expect(await clicks()).toBe(1);
  });

  it('clicks nothing when the Space key comes up elsewhere: the focus moved on', async () => {
    const { page, widget, clicks } = await spaceDownAcrossTakeOver();
    await widget.field('correo').focus();
    await page.keyboard.up(' ');
    // The release is seen in the task it comes in; a click would follow in the next one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    expect(await clicks()).toBe(0);
    expect(await widget.errors.count()).toBe(0);
  });
});
