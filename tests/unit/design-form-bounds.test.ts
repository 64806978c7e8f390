// @vitest-environment node
// The dimensions' bounds by use (docs/estimate.md#limits): each use at and just beyond each bound, in
// the shared schema the widget and the server run, and the message the field shows in es and en.
import { describe, expect, it } from 'vitest';
import { designFormCatalogues } from '@obra/design-form';
import { createI18n, type Lang } from '@obra/i18n';
import { DIMENSION_LIMITS, emptyProject, USES, validateProject, type FieldError, type LimitsOf } from '@obra/schema';

/** The field's message as the form builds it: the limits in the page's number format, and whose they are. */
const message = (lang: Lang, e: FieldError) => {
  const { t } = createI18n(designFormCatalogues, lang);
  const of = e.of ? t(`designForm.dimensions.limitsOf.${e.of as LimitsOf}`) : '';
  return t(`common.${e.key}`, { min: (e.min ?? 0).toLocaleString(lang), max: (e.max ?? 0).toLocaleString(lang), of });
};
const errorsOf = (fields: Record<string, string>) => {
  const result = validateProject({ ...emptyProject(), ...fields });
  return result.ok ? {} : result.errors;
};

describe('dimension bounds by use', () => {
  it.each(USES)('%s: the smallest and largest side, height and footprint pass; just beyond each is refused', (uso) => {
    const { side, height, footprint } = DIMENSION_LIMITS.uses[uso];
    const range = { key: 'range', min: 2.4, of: uso };
    const short = String(footprint / side);
    const base = { uso, usoEspecifico: uso === 'other' ? 'Capilla' : '' };
    // at the bounds
    expect(errorsOf({ ...base, anchoEdificacion: '2.4', largoEdificacion: '2.4', altoEdificacion: '2.4' })).toEqual({});
    expect(errorsOf({ ...base, anchoEdificacion: short, largoEdificacion: String(side), altoEdificacion: String(height) })).toEqual({});
    // just beyond
    expect(errorsOf({ ...base, anchoEdificacion: '2.3', largoEdificacion: '2.39', altoEdificacion: '2.3' })).toEqual({
      anchoEdificacion: { ...range, max: side },
      largoEdificacion: { ...range, max: side },
      altoEdificacion: { ...range, max: height },
    });
    expect(
      errorsOf({ ...base, anchoEdificacion: '3', largoEdificacion: String(side + 0.1), altoEdificacion: String(height + 0.1) }),
    ).toEqual({
      largoEdificacion: { ...range, max: side },
      altoEdificacion: { ...range, max: height },
    });
    expect(errorsOf({ ...base, anchoEdificacion: String(footprint / side + 0.1), largoEdificacion: String(side) })).toEqual({
      largoEdificacion: { key: 'area', max: footprint, of: uso },
    });
  });

  it('bounds the land (2.4 m to 5,000 m, whatever the use) and puts the building on it', () => {
    expect(errorsOf({ ancho: '2.4', longitud: '5000' })).toEqual({});
    const land = { key: 'range', min: 2.4, max: DIMENSION_LIMITS.land, of: 'land' };
    expect(errorsOf({ ancho: '2.3', longitud: '5000.1' })).toEqual({ ancho: land, longitud: land });
    expect(errorsOf({ ancho: '10', longitud: '20', anchoEdificacion: '10', largoEdificacion: '20' })).toEqual({});
    expect(errorsOf({ ancho: '10', longitud: '20', anchoEdificacion: '10.5', largoEdificacion: '21' })).toEqual({
      anchoEdificacion: { key: 'fit', max: 10 },
      largoEdificacion: { key: 'fit', max: 20 },
    });
  });

  it("refuses the issue's cases: a 0.05 m building, 99,999 m sides, a 1,000 m or 200-storey warehouse", () => {
    expect(Object.keys(errorsOf({ anchoEdificacion: '0.05', largoEdificacion: '0.05' }))).toEqual(['anchoEdificacion', 'largoEdificacion']);
    expect(Object.keys(errorsOf({ anchoEdificacion: '99999', largoEdificacion: '99999' }))).toEqual([
      'anchoEdificacion',
      'largoEdificacion',
    ]);
    expect(errorsOf({ uso: 'warehouse', altoEdificacion: '1000' })).toEqual({
      altoEdificacion: { key: 'range', min: 2.4, max: 50, of: 'warehouse' },
    });
    expect(errorsOf({ uso: 'warehouse', altoEdificacion: String(200 * 3.1) })).toMatchObject({ altoEdificacion: { key: 'range' } });
  });

  it.each([
    ['en', { key: 'range', min: 2.4, max: 50, of: 'warehouse' }, 'Between 2.4 m and 50 m for a warehouse.'],
    ['es', { key: 'range', min: 2.4, max: 50, of: 'warehouse' }, 'Entre 2,4 m y 50 m para una bodega.'],
    ['en', { key: 'range', min: 2.4, max: 300, of: 'housing' }, 'Between 2.4 m and 300 m for housing.'],
    ['es', { key: 'range', min: 2.4, max: 1000, of: 'any' }, 'Entre 2,4 m y 1000 m para cualquier edificación.'],
    ['en', { key: 'range', min: 2.4, max: 5000, of: 'land' }, 'Between 2.4 m and 5,000 m for the land.'],
    ['es', { key: 'area', max: 500_000, of: 'factory' }, 'Como máximo 500.000 m² de planta (ancho × largo) para una fábrica.'],
    [
      'en',
      { key: 'area', max: 150_000, of: 'institutional' },
      'At most 150,000 m² of floor plan (width × length) for an institutional building.',
    ],
    ['es', { key: 'fit', max: 10 }, 'Como máximo 10 m: la edificación debe caber en el terreno.'],
    ['en', { key: 'fit', max: 12.5 }, 'At most 12.5 m: the building must fit on the land.'],
  ] as const)('says it at the field in %s: %j', (lang, error, text) => {
    expect(message(lang, error)).toBe(text);
  });
});
