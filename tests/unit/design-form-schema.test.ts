// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SYSTEM_GROUPS, emptyProject, validateFormReport, validatePersonal, validateProject, ZONES } from '@obra/schema';

const person = {
  nombre: 'Ana',
  pais: 'Colombia',
  departamento: 'Antioquia',
  ciudad: 'Medellín',
  correo: 'ana@example.com',
  telefono: '+57 300 123 4567',
};

describe('design form schema', () => {
  it('has the 10 construction systems in groups of 4, 3 and 3, and zones zone1..3', () => {
    expect(CONSTRUCTION_SYSTEM_GROUPS.map((group) => group.length)).toEqual([4, 3, 3]);
    expect(ZONES).toEqual(['zone1', 'zone2', 'zone3']);
  });

  it('accepts the initial, empty project', () => {
    expect(validateProject(emptyProject()).ok).toBe(true);
  });

  it.each([
    ['1234', true],
    ['2.4', true],
    ['123456', false],
    ['12.5', true],
    ['1234.56', false],
    ['-3', false],
    ['abc', false],
  ])('dimension %j valid: %s (at most 5 digits)', (ancho, ok) => {
    const result = validateProject({ ...emptyProject(), ancho });
    expect(result.ok).toBe(ok);
    if (!ok) expect(result).toMatchObject({ errors: { ancho: { key: 'dimension' } } });
  });

  it('reports every field rule with the others: a missing specific use and a bound together', () => {
    expect(validateProject({ ...emptyProject(), uso: 'other', anchoEdificacion: '1' })).toEqual({
      ok: false,
      errors: { usoEspecifico: { key: 'required' }, anchoEdificacion: { key: 'range', min: 2.4, max: 1000, of: 'other' } },
    });
  });

  it('refuses a height past what any building is (1,000 m) while no use is chosen, widths keeping their 5 digits for the format', () => {
    expect(validateProject({ ...emptyProject(), altoEdificacion: '1000,0' }).ok).toBe(true);
    expect(validateProject({ ...emptyProject(), altoEdificacion: '99999' })).toEqual({
      ok: false,
      errors: { altoEdificacion: { key: 'range', min: 2.4, max: 1000, of: 'any' } },
    });
  });

  it("needs a specific use of at most 120 characters when the use is 'other'", () => {
    expect(validateProject({ ...emptyProject(), uso: 'other' })).toMatchObject({
      ok: false,
      errors: { usoEspecifico: { key: 'required' } },
    });
    expect(validateProject({ ...emptyProject(), uso: 'other', usoEspecifico: 'Capilla' }).ok).toBe(true);
    expect(validateProject({ ...emptyProject(), uso: 'other', usoEspecifico: 'x'.repeat(121) })).toMatchObject({
      errors: { usoEspecifico: { key: 'tooLong', max: 120 } },
    });
  });

  it('rejects values outside the option lists', () => {
    expect(validateProject({ ...emptyProject(), diseno: 'Cúpula', otros: ['piscina'] })).toMatchObject({
      ok: false,
      errors: { diseno: { key: 'choose' }, otros: { key: 'choose' } },
    });
  });

  it('requires every personal field', () => {
    expect(validatePersonal(person).ok).toBe(true);
    const result = validatePersonal({ nombre: '', pais: '', departamento: '', ciudad: '', correo: '', telefono: '' });
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual(['ciudad', 'correo', 'departamento', 'nombre', 'pais', 'telefono']);
  });

  it('accepts a report with every field, the image and the prompt', () => {
    const report = {
      ...emptyProject(),
      ...person,
      diseno: 'Doble pendiente',
      imageUrl: 'https://obra.example/api/images/abc.svg',
      prompt: 'Foto realista de …',
    };
    expect(validateFormReport(report)).toEqual({ ok: true, value: report });
    expect(validateFormReport({ ...report, imageUrl: '' })).toMatchObject({ ok: false, errors: { imageUrl: { key: 'required' } } });
    // The dimensions' bounds run in the report the server validates too (tests/unit/design-form-bounds.test.ts).
    expect(validateFormReport({ ...report, uso: 'housing', altoEdificacion: '500' }).ok).toBe(true);
    expect(validateFormReport({ ...report, uso: 'housing', altoEdificacion: '500.1' })).toEqual({
      ok: false,
      errors: { altoEdificacion: { key: 'range', min: 2.4, max: 500, of: 'housing' } },
    });
    expect(validateFormReport({ ...report, prompt: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      errors: { prompt: { key: 'tooLong', max: 1000 } },
    });
  });
});
