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
    ['12345', true],
    ['99999', true],
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

  it.each([
    ['1000', true],
    ['1000,0', true],
    ['828', true],
    ['1000.5', false],
    ['1001', false],
    ['99999', false],
  ])('building height %j valid: %s (at most 1,000 m, widths keep their 5 digits)', (altoEdificacion, ok) => {
    const result = validateProject({ ...emptyProject(), altoEdificacion, anchoEdificacion: '99999' });
    expect(result.ok).toBe(ok);
    if (!ok) expect(result).toEqual({ ok: false, errors: { altoEdificacion: { key: 'tooHigh', max: 1000 } } });
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
    expect(validateFormReport({ ...report, prompt: 'x'.repeat(1001) })).toMatchObject({
      ok: false,
      errors: { prompt: { key: 'tooLong', max: 1000 } },
    });
  });
});
