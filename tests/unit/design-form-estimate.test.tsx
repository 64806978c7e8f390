// The design form's live estimate: a hint until the building is measured and a place chosen (no
// country is assumed), then the total range, cost per m² and weeks, updated as the visitor
// chooses, computed without any network call; a dimension outside its use's bounds is said at its
// field as it is typed, and never a NaN.
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { designFormCatalogues } from '@obra/design-form';
import { estimate, money } from '@obra/estimate';
import { HttpResponse } from 'msw';
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import { DIMENSION_LIMITS, USES } from '@obra/schema';
import {
  chooseLocation,
  copy,
  designForm,
  fillPersonal,
  generate,
  openSection,
  record,
  type Form,
  type Lang,
  useApi,
} from './support/design-form.ts';

const server = useApi();

const words = (lang: Lang) => designFormCatalogues[lang].estimate.summary;
const summary = (form: Form, lang: Lang) => within(form.screen.getByRole('region', { name: words(lang).title }));
async function measure(form: Form, lang: Lang, [width, length, height]: [string, string, string]) {
  await openSection(form, copy(lang).sections.dimensions);
  const c = copy(lang).dimensions;
  await form.user.type(form.screen.getByLabelText(c.anchoEdificacion), width);
  await form.user.type(form.screen.getByLabelText(c.largoEdificacion), length);
  await form.user.type(form.screen.getByLabelText(c.altoEdificacion), height);
}
/** Replaces what a field holds by `value`, as a visitor does: erasing, then typing. */
async function retype(form: Form, input: HTMLElement, value: string) {
  await form.user.type(input, '{Backspace}'.repeat((input as HTMLInputElement).value.length) + value);
}
const definition = (box: ReturnType<typeof summary>, term: string) => box.getByText(term).nextElementSibling?.textContent;

/**
 * Mounts the form in `lang`, checks the hints, chooses Medellín (Colombia), then types the
 * building's dimensions watching fetch (the estimate calls nothing).
 */
async function measured(lang: Lang, dims: [string, string, string]) {
  server.use(designFormHandlers.places);
  const form = await designForm(`lang="${lang}"`);
  expect(summary(form, lang).getByText(words(lang).fill)).toBeTruthy();
  expect(summary(form, lang).getByText(words(lang).location)).toBeTruthy();
  await chooseLocation(form, lang, 'Medellín', 'Medellín, Antioquia, Colombia');
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  await measure(form, lang, dims);
  return { form, w: words(lang), fetchSpy };
}

describe('<obra-design-form> live estimate', () => {
  it('asks for the building dimensions, then shows the range, cost per m² and weeks (es)', async () => {
    const { form, w, fetchSpy } = await measured('es', ['8', '12', '6']);
    const box = summary(form, 'es');
    // A house (2 storeys, 192 m²): Colombia's own figure, 2,310,000 COP/m² × 1.034 (ICOCED) = 2,388,540
    // COP/m² × (192 m² × (1 − 0.0391) + 96 m² of roof × 0.0391, the NAHB roofing share) = 449,634,057,
    // ±30 %, shown to 3 digits with the currency's code in es-CO; 5 weeks of design, 19 of licence
    // (Colombia's 132 days, Doing Business), 31 of works (the 246 m² house's 33 × (192 / 246)^0.3247)
    expect(definition(box, w.total)).toBe('COP\u00a0315.000.000\u00a0– COP\u00a0585.000.000');
    expect(definition(box, w.perM2)).toBe('COP\u00a01.640.000\u00a0– COP\u00a03.040.000');
    expect(definition(box, w.weeks)).toBe('55 semanas');
    expect(box.getByText(/^Indicativa \(±30 % en costo, ±40 % en tiempo\)/)).toBeTruthy();
    // what it is priced as, and whose figures
    expect(
      box.getByText('Calculada como vivienda unifamiliar, con las cifras de Ensamble Arquitectura Integral para Colombia (junio de 2024).'),
    ).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('follows the choices and speaks English', async () => {
    const { form, w, fetchSpy } = await measured('en', ['20', '40', '8']);
    const before = definition(summary(form, 'en'), w.total);
    await openSection(form, copy('en').sections.use);
    await form.user.click(form.screen.getByRole('radio', { name: 'Warehouse' }));
    const box = summary(form, 'en');
    // The package computes the figures (its arithmetic is pinned in estimate.test.ts); the view shows them.
    const expected = estimate({ anchoEdificacion: '20', largoEdificacion: '40', altoEdificacion: '8', uso: 'warehouse', pais: 'Colombia' });
    if (!expected.complete) throw new Error('incomplete');
    const total = `${money(expected.cost.total.low, 'COP', 'en', 'CO')}\u00a0– ${money(expected.cost.total.high, 'COP', 'en', 'CO')}`;
    expect(definition(box, w.total)).toBe(total);
    expect(total).toBe('COP\u00a0902,000,000\u00a0– COP\u00a01,690,000,000');
    // a warehouse from Colombia's house figure and the published ratio between the two types
    expect(
      box.getByText(
        /^Priced as a warehouse or industrial shed: Ensamble Arquitectura Integral's figures for Colombia \(June 2024\), scaled/,
      ),
    ).toBeTruthy();
    expect(before).not.toBe(total);
    expect(definition(box, w.weeks)).toBe(`${expected.time.totalWeeks} weeks`);
    expect(box.getByText(/^Indicative \(±30 % on cost/)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['es', 'Entre 2,4 m y 1000 m para cualquier edificación.', 'Entre 2,4 m y 50 m para una bodega.', 'Bodega'],
    ['en', 'Between 2.4 m and 1,000 m for any building.', 'Between 2.4 m and 50 m for a warehouse.', 'Warehouse'],
  ] as const)(
    "says a dimension outside its use's bounds at the field as it is typed, and sends nothing (%s)",
    async (lang, anyBuilding, warehouse, warehouseLabel) => {
      server.use(designFormHandlers.generated);
      const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
      // 99,999 m fits the field's 5 digits: 32,000 storeys.
      const { form } = await measured(lang, ['8', '12', '99999']);
      const height = form.screen.getByLabelText(copy(lang).dimensions.altoEdificacion);
      expect(form.screen.getByText(anyBuilding)).toBeTruthy();
      expect(height.getAttribute('aria-invalid')).toBe('true');
      expect(summary(form, lang).getByText(words(lang).bounds)).toBeTruthy();
      // A warehouse's bounds are its own: the field follows the use.
      await retype(form, height, '1000');
      await openSection(form, copy(lang).sections.use);
      await form.user.click(form.screen.getByRole('radio', { name: warehouseLabel }));
      expect(form.screen.getByText(warehouse)).toBeTruthy();
      await generate(form, lang);
      await fillPersonal(form, lang);
      // the modal's country holds the place chosen above and the pasted one: back to the chosen one
      await retype(form, form.shadow.querySelector<HTMLInputElement>('dialog.modal [name=pais]')!, 'Colombia');
      await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
      expect(form.screen.getByText(warehouse)).toBeTruthy();
      expect(bodies).toEqual([]);
      // Back within the bounds: the estimate returns and the field is clear.
      await retype(form, height, '12');
      expect(height.getAttribute('aria-invalid')).not.toBe('true');
      expect(definition(summary(form, lang), words(lang).weeks)).toMatch(/\d/);
      expect(form.shadow.textContent).not.toMatch(/NaN|Infinity/);
    },
  );

  it.each(['es', 'en'] as const)('asks where the building will be before any figure, never assuming Colombia (%s)', async (lang) => {
    const form = await designForm(`lang="${lang}"`);
    await measure(form, lang, ['8', '12', '6']);
    const box = summary(form, lang);
    expect(box.getByText(words(lang).location)).toBeTruthy();
    expect(box.queryByText(words(lang).fill)).toBeNull();
    expect(box.queryByText(words(lang).total)).toBeNull();
    expect(form.shadow.textContent).not.toMatch(/COP|NaN/);
  });

  it.each([
    ['Brasil', /^BRL/, "Priced as a single-family house, with SindusCon-SP's figures for Brazil (October 2025)."],
    ['Alemania', /^USD/, "Priced as a single-family house, with Turner & Townsend's figures for Frankfurt (2025), in USD."],
    [
      'Guatemala',
      /^GTQ/,
      "No published figure of this type for Guatemala: priced as a single-family house with Turner & Townsend's figures for Bogotá, the nearest comparable market (2025), in GTQ.",
    ],
  ])('prices %s in its own currency where its rate was read, and says whose figures and which market', async (pais, currency, basis) => {
    server.use(designFormHandlers.places);
    const form = await designForm('lang="en"');
    await measure(form, 'en', ['8', '12', '6']);
    await fillPersonal(form, 'en');
    const field = form.shadow.querySelector<HTMLInputElement>('dialog.modal [name=pais]')!;
    await retype(form, field, pais);
    const box = summary(form, 'en');
    expect(definition(box, words('en').total)).toMatch(currency);
    expect(box.getByText(basis)).toBeTruthy();
    expect(form.shadow.textContent).not.toMatch(/COP|NaN/);
  });

  it('never shows NaN, Infinity or a negative at the smallest and largest building of each use', async () => {
    server.use(designFormHandlers.places);
    const form = await designForm('lang="en"');
    await chooseLocation(form, 'en', 'Medellín', 'Medellín, Antioquia, Colombia');
    const c = copy('en');
    for (const uso of USES) {
      await openSection(form, c.sections.use);
      await form.user.click(form.screen.getByRole('radio', { name: c.uso.options[uso] }));
      const { side, height, footprint } = DIMENSION_LIMITS.uses[uso];
      for (const dims of [
        ['2.4', '2.4', '2.4'],
        [String(footprint / side), String(side), String(height)],
      ] as const) {
        await openSection(form, c.sections.dimensions);
        for (const [i, field] of (['anchoEdificacion', 'largoEdificacion', 'altoEdificacion'] as const).entries()) {
          const input = form.screen.getByLabelText(c.dimensions[field]);
          await retype(form, input, dims[i]!);
        }
        const box = summary(form, 'en');
        expect(definition(box, words('en').total), `${uso} ${dims.join(' × ')}`).toMatch(/^COP\u00a0[\d,]+\u00a0– COP\u00a0[\d,]+$/);
        expect(form.shadow.textContent).not.toMatch(/NaN|Infinity|-\d/);
      }
    }
  });

  it('goes back to the hint when a dimension is cleared', async () => {
    const { form } = await measured('en', ['8', '12', '3']);
    expect(definition(summary(form, 'en'), words('en').weeks)).toMatch(/weeks$/);
    await form.user.type(form.screen.getByLabelText(copy('en').dimensions.altoEdificacion), '{Backspace}');
    expect(summary(form, 'en').getByText(words('en').fill)).toBeTruthy();
  });
});
