// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, validateContact } from '@obra/schema';

const message = { name: ' Marta ', email: 'marta@example.com', message: ' ¿Hacen casas modulares? ' };

describe('validateContact', () => {
  it('accepts a complete message, trimmed', () => {
    expect(validateContact(message)).toEqual({
      ok: true,
      value: { name: 'Marta', email: 'marta@example.com', message: '¿Hacen casas modulares?' },
    });
  });

  it('keys every error like the common catalogue', () => {
    expect(validateContact({ name: '  ', email: 'marta@', message: 'x'.repeat(CONTACT_LIMITS.message + 1) })).toEqual({
      ok: false,
      errors: { name: { key: 'required' }, email: { key: 'email' }, message: { key: 'tooLong', max: 2000 } },
    });
    expect(validateContact({ ...message, message: 'x'.repeat(2000) }).ok).toBe(true);
  });
});
