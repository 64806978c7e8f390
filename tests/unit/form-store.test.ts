// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@obra/api';
import { createFormStore } from '@obra/form';
import { validatePartner, type PartnerRegistration } from '@obra/schema';

const empty = { nombre: '', telefono: '', correo: '', pais: '', especializacion: '' };
const valid = { nombre: 'Ana', telefono: '+57 300 123 4567', correo: 'ana@example.com', pais: 'Colombia', especializacion: 'bim' };
const store = () => createFormStore({ empty, validate: validatePartner, detail: 'registration' });
const fill = (s: ReturnType<typeof store>) =>
  Object.entries(valid).forEach(([name, value]) => s.getState().setField(name as keyof typeof empty, value));
/** An emitter that records events; `cancel` makes obra-submit cancelled. */
const emitter = (cancel = false) => vi.fn((name: string, _detail: unknown) => !(cancel && name === 'obra-submit'));

describe('createFormStore', () => {
  it('is a separate store per call', () => {
    const [a, b] = [store(), store()];
    a.getState().setField('nombre', 'Ana');
    expect(b.getState().values.nombre).toBe('');
  });

  it('validates before sending, then errors follow the typing', async () => {
    const s = store();
    const send = vi.fn(async () => undefined);
    expect(await s.getState().submit({ send, emit: emitter() })).toBe('invalid');
    expect(send).not.toHaveBeenCalled();
    expect(s.getState()).toMatchObject({
      attempted: true,
      invalidAttempts: 1,
      errors: { nombre: { key: 'required' }, especializacion: { key: 'choose' } },
    });
    s.getState().setField('nombre', 'Ana');
    expect(s.getState().errors.nombre).toBeUndefined();
  });

  it('sends once while busy, with the value in detail[detail], and returns to the empty form', async () => {
    const s = store();
    fill(s);
    let finish!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const emit = emitter();
    const first = s.getState().submit({ send, emit });
    expect(s.getState().status).toBe('sending');
    expect(await s.getState().submit({ send, emit })).toBe('busy');
    finish();
    expect(await first).toBe('sent');
    expect(send).toHaveBeenCalledOnce();
    expect(emit.mock.calls).toEqual([
      ['obra-submit', { registration: valid }],
      ['obra-success', { registration: valid }],
    ]);
    expect(s.getState()).toMatchObject({ status: 'success', values: empty, errors: {}, attempted: false });
    // Typing the next value retires the success outcome.
    s.getState().setField('nombre', 'Luis');
    expect(s.getState().status).toBe('idle');
  });

  it('a cancelled obra-submit sends nothing and is idle again', async () => {
    const s = store();
    fill(s);
    const send = vi.fn(async () => undefined);
    expect(await s.getState().submit({ send, emit: emitter(true) })).toBe('cancelled');
    expect(send).not.toHaveBeenCalled();
    expect(s.getState().status).toBe('idle');
  });

  it('on failure keeps the values, takes only known fields and keys from the server, and keeps the error while typing', async () => {
    const s = store();
    fill(s);
    const emit = emitter();
    const send = async (_value: PartnerRegistration) => {
      throw new ApiError('api.invalid', 'POST /partner answered 400', 400, { correo: 'email', pais: 'not-a-key', honeypot: 'required' });
    };
    expect(await s.getState().submit({ send, emit })).toBe('failed');
    expect(s.getState()).toMatchObject({ status: 'error', failure: 'api.invalid', values: valid, errors: { correo: { key: 'email' } } });
    expect(Object.keys(s.getState().errors)).toEqual(['correo']);
    expect(emit).toHaveBeenLastCalledWith('obra-error', {
      registration: valid,
      reason: 'api.invalid',
      message: 'POST /partner answered 400',
    });
    s.getState().setField('pais', 'Perú');
    expect(s.getState().status).toBe('error');
    s.getState().dismiss();
    expect(s.getState()).toMatchObject({ status: 'idle', failure: undefined });
  });

  it('turns anything else thrown into api.unexpected', async () => {
    const s = store();
    fill(s);
    const emit = emitter();
    await s.getState().submit({ send: async () => Promise.reject(new TypeError('boom')), emit });
    expect(s.getState().failure).toBe('api.unexpected');
    expect(emit).toHaveBeenLastCalledWith('obra-error', expect.objectContaining({ reason: 'api.unexpected', message: 'TypeError: boom' }));
  });
});
