// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateWaitList, WAIT_LIST_LIMITS } from '@obra/schema';

const valid = {
  interesado: 'cliente',
  nombre: '  Ana Pérez ',
  correo: 'ana@example.com',
  telefono: '+57 (300) 123-4567',
  comentario: 'Una casa de dos pisos',
};

describe('validateWaitList', () => {
  it('accepts a complete entry and trims it', () => {
    expect(validateWaitList(valid)).toEqual({ ok: true, value: { ...valid, nombre: 'Ana Pérez' } });
  });

  it('requires every field, with "choose" for the interest', () => {
    const result = validateWaitList({ interesado: '', nombre: ' ', correo: '', telefono: '', comentario: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        interesado: { key: 'choose' },
        nombre: { key: 'required' },
        correo: { key: 'required' },
        telefono: { key: 'required' },
        comentario: { key: 'required' },
      },
    });
  });

  it.each(['ana', 'ana@', 'ana@example', '@example.com', 'ana example@x.com'])('rejects the e-mail %j', (correo) => {
    expect(validateWaitList({ ...valid, correo })).toEqual({ ok: false, errors: { correo: { key: 'email' } } });
  });

  it.each(['12345', 'call me', '+57 300 123 4567 890 12', '300-abc-4567'])('rejects the phone %j', (telefono) => {
    expect(validateWaitList({ ...valid, telefono })).toEqual({ ok: false, errors: { telefono: { key: 'phone' } } });
  });

  it('limits the comment to 300 characters (docs/contributors/behaviour.md#validation)', () => {
    expect(WAIT_LIST_LIMITS.comentario).toBe(300);
    expect(validateWaitList({ ...valid, comentario: 'x'.repeat(300) }).ok).toBe(true);
    expect(validateWaitList({ ...valid, comentario: 'x'.repeat(301) })).toEqual({
      ok: false,
      errors: { comentario: { key: 'tooLong', max: 300 } },
    });
  });

  it('rejects an unknown interest and non-object input', () => {
    expect(validateWaitList({ ...valid, interesado: 'admin' })).toEqual({ ok: false, errors: { interesado: { key: 'choose' } } });
    expect(validateWaitList(null).ok).toBe(false);
  });
});
