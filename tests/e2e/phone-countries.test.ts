// Visitors from Mexico, Spain, the United States, Argentina and Brazil on a phone (390×844), in es
// and en, on a partner's page of another origin under the guide's CSP: each chooses where they will
// build, types their phone number as people there write it, without the country code, and the real
// API stores the lead with the number in international form (docs/contributors/behaviour.md#phone-codes).
// The phone check is fetched from Obra's origin beside the bundle, when the modal opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phoneContext, useBrowser } from './support/browser.ts';
import { designForm } from './support/design-form.ts';
import { putDesignDraft } from './support/forms.ts';
import { GUIDE_ORIGIN, startPartnerSite, type PartnerSite } from './support/partner-site.ts';
import { startPlatform, type Platform } from './support/platform.ts';

const browser = useBrowser(phoneContext('es-CO'));
let platform: Platform;
let partner: PartnerSite;

const page = (lang: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner</title><script src="${GUIDE_ORIGIN}/widgets/obra-design-form.js" defer></script></head>
<body><obra-design-form lang="${lang}" api-base="${GUIDE_ORIGIN}/api"></obra-design-form></body></html>`;

beforeAll(async () => {
  platform = await startPlatform();
  partner = await startPartnerSite(platform.origin);
  for (const lang of ['es', 'en']) partner.pages.set(`/${lang}.html`, page(lang));
}, 60_000);
afterAll(async () => {
  await partner?.close();
  await platform?.close();
});

// Where they build (the gazetteer's first suggestion), the number as they type it, what is stored.
const VISITORS = [
  { from: 'Mexico', query: 'Guadalajara', pais: { es: 'México', en: 'Mexico' }, typed: '33 1234 5678', stored: '+52 33 1234 5678' },
  { from: 'Spain', query: 'Sevilla', pais: { es: 'España', en: 'Spain' }, typed: '612 34 56 78', stored: '+34 612 34 56 78' },
  {
    from: 'the US',
    query: 'San Francisco',
    pais: { es: 'Estados Unidos', en: 'United States of America' },
    typed: '(415) 555-2671',
    stored: '+1 415 555 2671',
  },
  {
    from: 'Argentina',
    query: 'Rosario',
    pais: { es: 'Argentina', en: 'Argentina' },
    typed: '011 15-2345-6789',
    stored: '+54 9 11 2345 6789',
  },
  { from: 'Brazil', query: 'Campinas', pais: { es: 'Brasil', en: 'Brazil' }, typed: '(19) 99123-4567', stored: '+55 19 99123 4567' },
] as const;

const SENT = { es: 'Formulario enviado con éxito', en: 'Form submitted successfully' };
const LOCATION = { es: 'Ubicación', en: 'Location' };

/** A draft holding an image the real API generated: the report can go out without the lightning step (tested elsewhere). */
async function withImage(tab: Page) {
  await putDesignDraft(tab, { api: platform.origin, prompt: 'Casa de dos pisos', spec: { diseno: 'Arco' }, values: { diseno: 'Arco' } });
  await tab.reload();
}

describe('visitors type national numbers on a phone', () => {
  // One page per language: the five visitors follow one another in it, as on a shared tablet.
  it.each(['es', 'en'] as const)(
    '%s: from Mexico, Spain, the US, Argentina and Brazil, each lead arrives with its international number',
    { timeout: 180_000 },
    async (lang) => {
      const tab = await browser.newPage();
      await tab.goto(`${partner.origin}/${lang}.html`);
      const arrived: [string, unknown][] = [];
      for (const { query, pais, typed } of VISITORS) {
        await withImage(tab);
        const form = designForm(tab);
        await form.title.waitFor();
        await form.section(LOCATION[lang]).click();
        await form.field('location').pressSequentially(query);
        await form.host.locator('[role=option]').first().waitFor();
        await tab.keyboard.press('ArrowDown');
        await tab.keyboard.press('Enter');
        await form.opener.click();
        expect(await form.modal.locator('[name=pais]').inputValue()).toBe(pais[lang]);
        const nombre = `${lang} ${query}`;
        await form.modal.locator('[name=nombre]').fill(nombre);
        await form.modal.locator('[name=correo]').fill(`visitor-${lang}@example.com`);
        await form.modal.locator('[name=telefono]').pressSequentially(typed);
        await form.modal.locator('button[type=submit]').click();
        await expect.poll(() => form.dialog.locator('h2').textContent(), { timeout: 15_000 }).toBe(SENT[lang]);
        const [row] = (await platform.rows('report')).filter((r) => r.nombre === nombre);
        arrived.push([String(row?.pais), row?.telefono]);
      }
      expect(arrived).toEqual(VISITORS.map(({ pais, stored }) => [pais[lang], stored]));
    },
  );
});
