// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PARTNER_LIMITS, SPECIALIZATIONS, validatePartner } from '@obra/schema';

const valid = {
  nombre: '  Ana Pérez ',
  telefono: '+57 (300) 123-4567',
  correo: ' ana@example.com ',
  pais: ' Colombia ',
  especializacion: 'bim',
};

describe('validatePartner', () => {
  it('accepts a complete registration, trimmed, with exactly the five fields', () => {
    const result = validatePartner({ ...valid, extra: 'dropped' });
    expect(result).toEqual({
      ok: true,
      value: { nombre: 'Ana Pérez', telefono: '+57 (300) 123-4567', correo: 'ana@example.com', pais: 'Colombia', especializacion: 'bim' },
    });
    expect(result.ok && Object.keys(result.value).sort()).toEqual(['correo', 'especializacion', 'nombre', 'pais', 'telefono']);
  });

  it('requires all five fields (docs/contributors/behaviour.md#validation), with "choose" for the specialisation', () => {
    expect(validatePartner({ nombre: ' ', telefono: '', correo: '', pais: '\t', especializacion: '' })).toEqual({
      ok: false,
      errors: {
        nombre: { key: 'required' },
        telefono: { key: 'required' },
        correo: { key: 'required' },
        pais: { key: 'required' },
        especializacion: { key: 'choose' },
      },
    });
  });

  it('has the 13 specialisations of docs/contributors/behaviour.md#entities, {product} being construcción', () => {
    expect(SPECIALIZATIONS).toEqual([
      'arquitectura',
      'ingenieria-civil',
      'construccion',
      'diseno-interior',
      'gestion-proyectos',
      'tecnologia-construccion',
      'estructuras',
      'instalaciones',
      'supervision-obra',
      'materiales-construccion',
      'sostenibilidad',
      'bim',
      'otro',
    ]);
    for (const especializacion of SPECIALIZATIONS) expect(validatePartner({ ...valid, especializacion }).ok).toBe(true);
  });

  it.each(['admin', 'Arquitectura', 'construcción', 'tecnologia-{product}'])('rejects the specialisation %j', (especializacion) => {
    expect(validatePartner({ ...valid, especializacion })).toEqual({ ok: false, errors: { especializacion: { key: 'choose' } } });
  });

  it.each(['ana', 'ana@', 'ana@example', '@example.com', 'ana example@x.com'])('rejects the e-mail %j', (correo) => {
    expect(validatePartner({ ...valid, correo })).toEqual({ ok: false, errors: { correo: { key: 'email' } } });
  });

  it.each(['12345', 'call me', '+57 300 123 4567 890 12', '300-abc-4567'])('rejects the phone %j', (telefono) => {
    expect(validatePartner({ ...valid, telefono })).toEqual({ ok: false, errors: { telefono: { key: 'phone' } } });
  });

  it('limits the name and the country', () => {
    expect(validatePartner({ ...valid, nombre: 'x'.repeat(PARTNER_LIMITS.nombre) }).ok).toBe(true);
    expect(validatePartner({ ...valid, nombre: 'x'.repeat(PARTNER_LIMITS.nombre + 1) })).toEqual({
      ok: false,
      errors: { nombre: { key: 'tooLong', max: PARTNER_LIMITS.nombre } },
    });
    expect(validatePartner({ ...valid, pais: 'x'.repeat(PARTNER_LIMITS.pais + 1) })).toEqual({
      ok: false,
      errors: { pais: { key: 'tooLong', max: PARTNER_LIMITS.pais } },
    });
  });

  it('rejects non-object input, naming every field', () => {
    const result = validatePartner(null);
    expect(result.ok).toBe(false);
    expect(!result.ok && Object.keys(result.errors).sort()).toEqual(['correo', 'especializacion', 'nombre', 'pais', 'telefono']);
  });
});
