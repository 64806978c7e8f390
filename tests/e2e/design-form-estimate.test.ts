// The design form's live estimate in the built bundle, in a real browser: it appears once the
// building is measured, follows the choices and the language, and asks nothing of the network.
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { openDesignForm, startDesignSite } from './support/design-form.ts';
import type { TestServer } from './support/server.ts';

const browser = useBrowser();
// One test, one site: it must receive no request at all, so no reply is set up.
let site: TestServer | undefined;
afterAll(() => site?.close());

describe('<obra-design-form> live estimate (bundle)', () => {
  it('shows the range, cost per m² and weeks as the visitor types, in es then en, without a request', async () => {
    site = await startDesignSite();
    const page = await browser.newPage();
    const { form } = await openDesignForm(page, `${site.origin}/design-form.html`);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    const box = form.host.locator('section.estimate');
    await expect.poll(() => box.textContent()).toContain('Escribe el ancho, el largo y el alto');
    await form.section('Dimensiones').click();
    await form.field('anchoEdificacion').fill('8');
    await form.field('largoEdificacion').fill('12');
    await form.field('altoEdificacion').fill('6');
    // The reference house of 192 m² in Colombia (its arithmetic: tests/unit/estimate.test.ts)
    await expect.poll(() => box.textContent()).toContain('$\u00a0341.000.000 – $\u00a0569.000.000');
    expect(await box.textContent()).toContain('42 semanas');
    await form.section('Uso').click();
    await form.radio('uso', 'warehouse').check();
    await expect.poll(() => box.textContent()).toContain('±40 % en costo');
    await form.host.evaluate((element) => element.setAttribute('lang', 'en'));
    await expect.poll(() => box.textContent()).toContain('Instant estimate');
    expect(await box.textContent()).toMatch(/Total cost.*COP\s[\d,]+ – COP\s[\d,]+/);
    expect(await box.textContent()).toMatch(/\d+ weeks/);
    expect(apiCalls).toEqual([]);
    expect(site.posts()).toEqual([]);
    await page.close();
  });
});
