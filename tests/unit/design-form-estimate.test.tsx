// The design form's live estimate: a hint until the building is measured, then the total range,
// cost per m² and weeks, updated as the visitor chooses, computed without any network call.
import { within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { designFormCatalogues } from '@obra/design-form';
import { estimate, money } from '@obra/estimate';
import { HttpResponse } from 'msw';
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import { copy, designForm, fillPersonal, generate, openSection, record, type Form, type Lang, useApi } from './support/design-form.ts';

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
const definition = (box: ReturnType<typeof summary>, term: string) => box.getByText(term).nextElementSibling?.textContent;

/** Mounts the form in `lang` (watching fetch), checks the hint, then types the building's dimensions. */
async function measured(lang: Lang, dims: [string, string, string]) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const form = await designForm(`lang="${lang}"`);
  expect(summary(form, lang).getByText(words(lang).fill)).toBeTruthy();
  await measure(form, lang, dims);
  return { form, w: words(lang), fetchSpy };
}

describe('<obra-design-form> live estimate', () => {
  it('asks for the building dimensions, then shows the range, cost per m² and weeks (es)', async () => {
    const { form, w, fetchSpy } = await measured('es', ['8', '12', '6']);
    const box = summary(form, 'es');
    // The reference house: 2,469,852 COP/m² × (192 m² × (1 − 0.0391) + 96 m² of roof × 0.0391, the NAHB
    // roofing share) = 464,940,747, ±25 %, shown to 3 digits with the currency's code and symbol in es-CO;
    // 5 weeks of design, 19 of licence (Colombia's 132 days, Doing Business), 31 of works (246 m² house's 33 × (192 / 246)^0.3247)
    expect(definition(box, w.total)).toBe('COP\u00a0$\u00a0349.000.000\u00a0– COP\u00a0$\u00a0581.000.000');
    expect(definition(box, w.perM2)).toBe('COP\u00a0$\u00a01.820.000\u00a0– COP\u00a0$\u00a03.030.000');
    expect(definition(box, w.weeks)).toBe('55 semanas');
    expect(box.getByText(/^Indicativa \(±25 % en costo, ±40 % en tiempo\)/)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('follows the choices and speaks English', async () => {
    const { form, w, fetchSpy } = await measured('en', ['20', '40', '8']);
    const before = definition(summary(form, 'en'), w.total);
    await openSection(form, copy('en').sections.use);
    await form.user.click(form.screen.getByRole('radio', { name: 'Warehouse' }));
    const box = summary(form, 'en');
    // The package computes the figures (its arithmetic is pinned in estimate.test.ts); the view shows them.
    const expected = estimate({ anchoEdificacion: '20', largoEdificacion: '40', altoEdificacion: '8', uso: 'warehouse' });
    if (!expected.complete) throw new Error('incomplete');
    const total = `${money(expected.cost.total.low, 'COP', 'en', 'CO')}\u00a0– ${money(expected.cost.total.high, 'COP', 'en', 'CO')}`;
    expect(definition(box, w.total)).toBe(total);
    expect(total).toBe('COP\u00a0$938,000,000\u00a0– COP\u00a0$1,740,000,000');
    expect(before).not.toBe(total);
    expect(definition(box, w.weeks)).toBe(`${expected.time.totalWeeks} weeks`);
    expect(box.getByText(/^Indicative \(±30 % on cost/)).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['es', 'Como máximo 1000 m: ningún edificio construido es más alto.'],
    ['en', 'At most 1000 m: no building ever built is taller.'],
  ] as const)('refuses a height past 1,000 m: the summary, then the field once sent, say the limit (%s)', async (lang, message) => {
    server.use(designFormHandlers.generated);
    const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
    // 99,999 m fits the field's 5 digits: 32,000 storeys before the limit.
    const { form } = await measured(lang, ['8', '12', '99999']);
    expect(summary(form, lang).getByText(message)).toBeTruthy();
    await generate(form, lang);
    await fillPersonal(form, lang);
    await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
    // The height field says it too (the summary's line and the field's error), and nothing is sent.
    expect(form.screen.getAllByText(message)).toHaveLength(2);
    expect(form.screen.getByLabelText(copy(lang).dimensions.altoEdificacion).getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('goes back to the hint when a dimension is cleared', async () => {
    const { form } = await measured('en', ['8', '12', '3']);
    expect(definition(summary(form, 'en'), words('en').weeks)).toMatch(/weeks$/);
    await form.user.type(form.screen.getByLabelText(copy('en').dimensions.altoEdificacion), '{Backspace}');
    expect(summary(form, 'en').getByText(words('en').fill)).toBeTruthy();
  });
});
