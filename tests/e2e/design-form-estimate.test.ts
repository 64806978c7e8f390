// The design form's estimate in the built bundle, in a real browser: the live summary appears once
// the building is measured and a place chosen (no country is assumed), follows the choices, the
// country and the language, and asks nothing of the network; sent to the real API, the report's PDF
// carries the same range and weeks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { estimate, money, type Estimate, type EstimateInput } from '@obra/estimate';
import { attachedPdf, pdfPages } from '../server/support/pdf.ts';
import { useBrowser } from './support/browser.ts';
import { openDesignForm, startDesignSite, type DesignFormPage } from './support/design-form.ts';
import { startPlatform, type Platform } from './support/platform.ts';
import type { TestServer } from './support/server.ts';

const browser = useBrowser();
let site: TestServer | undefined;
let platform: Platform | undefined;
afterAll(async () => {
  await site?.close();
  await platform?.close();
});

const HOUSE = { anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '6' };
const LABELS = {
  es: {
    dimensions: 'Dimensiones',
    use: 'Uso',
    location: 'Ubicación',
    weeks: 'semanas',
    fill: 'Escribe el ancho, el largo y el alto',
    where: 'Elige dónde vas a construir',
    sent: 'Formulario enviado con éxito',
  },
  en: {
    dimensions: 'Dimensions',
    use: 'Use',
    location: 'Location',
    weeks: 'weeks',
    fill: "Enter the building's width",
    where: 'Choose where you will build',
    sent: 'Form submitted successfully',
  },
};
type Lang = keyof typeof LABELS;

/** The engine's answer for `input` (the unit tests check its arithmetic; here, that the bundle shows it). */
const engine = (input: EstimateInput): Estimate => {
  const result = estimate(input);
  if (!result.complete) throw new Error('incomplete');
  return result;
};
/** The amount as the visitor's locale writes it, with code and symbol, spaces as the PDF's text has them. */
const shown = (e: Estimate, amount: number, lang: Lang) => money(amount, e.cost.currency, lang, e.region).replace(/\s/g, ' ');
const flat = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

async function measure(form: DesignFormPage, lang: Lang) {
  await form.section(LABELS[lang].dimensions).click();
  for (const [name, value] of Object.entries(HOUSE)) await form.field(name).fill(value);
}

/** Types `query` in the location field and picks the suggestion `label` by keyboard. */
async function chooseLocation(page: Page, form: DesignFormPage, lang: Lang, query: string, label: string) {
  if ((await form.section(LABELS[lang].location).getAttribute('aria-expanded')) === 'false')
    await form.section(LABELS[lang].location).click();
  await form.field('location').fill('');
  await form.field('location').pressSequentially(query);
  const option = form.host.locator('[role=option]', { hasText: label });
  await option.waitFor();
  await option.click();
}

describe('<obra-design-form> live estimate (bundle)', () => {
  it('shows the range with its currency code, cost per m² and weeks as the visitor types, in es then en, without a request', async () => {
    site = await startDesignSite();
    const page = await browser.newPage();
    const { form } = await openDesignForm(page, `${site.origin}/design-form.html`);
    const box = form.host.locator('section.estimate');
    await expect.poll(() => box.textContent()).toContain(LABELS.es.fill);
    await measure(form, 'es');
    // No country chosen: no figure, no pesos assumed, until the visitor says where.
    await expect.poll(() => box.textContent()).toContain(LABELS.es.where);
    expect(await box.textContent()).not.toMatch(/COP|NaN/);
    await chooseLocation(page, form, 'es', 'Medel', 'Medellín, Antioquia, Colombia');
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    // Colombia, in pesos written as Colombia writes them.
    const house = engine({ ...HOUSE, pais: 'Colombia' });
    expect([house.region, house.cost.currency]).toEqual(['CO', 'COP']);
    const total = `${shown(house, house.cost.total.low, 'es')} – ${shown(house, house.cost.total.high, 'es')}`;
    expect(total).toMatch(/^COP [\d.]+ – COP [\d.]+$/);
    await expect.poll(async () => flat(await box.textContent())).toContain(total);
    expect(flat(await box.textContent())).toContain(`${house.time.totalWeeks} semanas`);
    expect(flat(await box.textContent())).toContain(`±${Math.round(house.cost.uncertainty * 100)} % en costo`);

    // On a phone every amount fits its column: a peso amount does not break, so none may spill into the next.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflowing = () => box.locator('dd').evaluateAll((cells) => cells.filter((dd) => dd.scrollWidth > dd.clientWidth).length);
    expect(await overflowing()).toBe(0);
    await page.setViewportSize({ width: 1024, height: 900 });

    await form.section(LABELS.es.use).click();
    await form.radio('uso', 'warehouse').check();
    const shed = engine({ ...HOUSE, uso: 'warehouse', pais: 'Colombia' });
    await expect.poll(async () => flat(await box.textContent())).toContain(`${shed.time.totalWeeks} semanas`);
    expect(flat(await box.textContent())).toContain(shown(shed, shed.cost.total.high, 'es'));

    await form.host.evaluate((element) => element.setAttribute('lang', 'en'));
    await expect.poll(() => box.textContent()).toContain('Instant estimate');
    const en = `${shown(shed, shed.cost.total.low, 'en')} – ${shown(shed, shed.cost.total.high, 'en')}`;
    expect(en).toMatch(/^COP [\d,]+ – COP [\d,]+$/);
    expect(flat(await box.textContent())).toContain(en);
    expect(flat(await box.textContent())).toContain(`Per m²${shown(shed, shed.cost.perM2.low, 'en')}`);
    expect(flat(await box.textContent())).toContain(`${shed.time.totalWeeks} weeks`);
    expect(apiCalls).toEqual([]);
    expect(site.posts()).toEqual([]);
    await page.close();
  });
});

// Each case: the visitor's language, what they type in the location field, the suggestion they pick.
const SENT = [
  { lang: 'es', query: 'Medel', label: 'Medellín, Antioquia, Colombia', pais: 'Colombia', prices: 'Precios de Colombia, en COP.' },
  { lang: 'en', query: 'Medel', label: 'Medellín de Bravo, Veracruz, México', pais: 'México', prices: 'Prices for Mexico, in MXN.' },
] as const;

describe('the form and its PDF on the real API', () => {
  it.each(SENT)(
    '$lang, $pais: the PDF mailed to the visitor has the range, currency and weeks the form showed',
    { timeout: 60_000 },
    async ({ lang, query, label, pais, prices }) => {
      platform ??= await startPlatform();
      const page = await browser.newPage();
      const { form } = await openDesignForm(page, `${platform.origin}/design-form.html`);
      if (lang === 'en') await form.host.evaluate((element) => element.setAttribute('lang', 'en'));
      await measure(form, lang);
      await chooseLocation(page, form, lang, query, label);
      const e = engine({ ...HOUSE, pais });
      const box = form.host.locator('section.estimate');
      const range = `${shown(e, e.cost.total.low, lang)} – ${shown(e, e.cost.total.high, lang)}`;
      await expect.poll(async () => flat(await box.textContent())).toContain(range);
      expect(flat(await box.textContent())).toContain(`${e.time.totalWeeks} ${LABELS[lang].weeks}`);

      // The real API draws the image a report needs; then the visitor sends it.
      await form.bolt(LABELS[lang].use).click();
      await expect.poll(() => form.preview.count(), { timeout: 10_000 }).toBe(1);
      await form.opener.click();
      const name = `Visitante ${lang}`;
      await form.modal.locator('[name=nombre]').fill(name);
      await form.modal.locator('[name=correo]').fill(`${lang}@example.com`);
      await form.modal.locator('[name=telefono]').pressSequentially('300 123 4567');
      await form.modal.locator('button[type=submit]').click();
      await expect.poll(() => form.dialog.locator('h2').textContent(), { timeout: 15_000 }).toBe(LABELS[lang].sent);

      const [report] = (await platform.rows('report')).filter((row) => row.nombre === name);
      const outbox = join(platform.dataDir, 'outbox');
      const file = `${String(report!.id)}.eml`;
      // The e-mail goes out in the background (the outbox folder appears with the first one).
      await expect.poll(() => readdirSync(outbox).some((f) => f.endsWith(file)), { timeout: 15_000 }).toBe(true);
      const eml = readFileSync(
        join(
          outbox,
          readdirSync(outbox).find((f) => f.endsWith(file))!,
        ),
        'utf8',
      );
      const text = (await pdfPages(attachedPdf(eml))).join(' ');
      expect(text).toContain(prices);
      // Low, expected and high on the total's row, exactly as the form wrote low and high.
      expect(text).toContain(
        `Total ${shown(e, e.cost.total.low, lang)} ${shown(e, e.cost.total.expected, lang)} ${shown(e, e.cost.total.high, lang)}`,
      );
      expect(text).toContain(lang === 'es' ? `Total: ${e.time.totalWeeks} semanas` : `Total: ${e.time.totalWeeks} weeks`);
      await page.close();
    },
  );
});
