// @vitest-environment node
// The one phone check (@obra/schema/phone, docs/contributors/behaviour.md#phone-codes): national
// numbers as people type them and international ones, for the countries the visitors come from;
// numbers with no such line refused. The widgets' check (the same module, loaded on first use) gives the same answers.
import { describe, expect, it } from 'vitest';
import { internationalPhone, isValidPhone } from '@obra/schema/phone';
import { checkPhone } from '@obra/ui';

/** [country, as typed, what is sent] */
const VALID: [string, string, string][] = [
  ['MX', '33 1234 5678', '+52 33 1234 5678'],
  ['MX', '(55) 1234-5678', '+52 55 1234 5678'],
  ['MX', '+52 33 1234 5678', '+52 33 1234 5678'],
  ['MX', '0052 33 1234 5678', '+52 33 1234 5678'],
  ['ES', '612 34 56 78', '+34 612 34 56 78'],
  ['ES', '91 123 45 67', '+34 911 23 45 67'],
  ['ES', '+34 612 345 678', '+34 612 34 56 78'],
  ['US', '(415) 555-2671', '+1 415 555 2671'],
  ['US', '415.555.2671', '+1 415 555 2671'],
  ['AR', '011 15-2345-6789', '+54 9 11 2345 6789'],
  ['AR', '11 2345-6789', '+54 11 2345 6789'],
  ['AR', '+54 9 11 2345 6789', '+54 9 11 2345 6789'],
  ['BR', '11 91234-5678', '+55 11 91234 5678'],
  ['BR', '(21) 2345-6789', '+55 21 2345 6789'],
  ['CO', '300 123 4567', '+57 300 1234567'],
  ['CO', '(601) 234 5678', '+57 601 2345678'],
  ['CL', '9 6123 4567', '+56 9 6123 4567'],
  ['CL', '+56 2 2123 4567', '+56 2 2123 4567'],
];

/** [country, as typed]: the right shape, no such number. */
const INVALID: [string, string][] = [
  ['MX', '12 3456'],
  ['MX', '33 1234 567'],
  ['ES', '412 34 56 78'],
  ['ES', '612 34 56'],
  ['US', '(123) 555-2671'],
  ['AR', '011 15-2345'],
  ['BR', '11 01234-5678'],
  ['CO', '100 000 0000'],
  ['CL', '1 2345 6789'],
  // A Mexican number read as Colombian: what the widget used to send.
  ['CO', '+57 33 1234 5678'],
];

describe('the shared phone check', () => {
  it.each(VALID)('%s: "%s" is valid and sent as %s', (country, typed, sent) => {
    expect(internationalPhone(typed, country)).toBe(sent);
    // What is sent is read back the same by the server, whatever country it assumes for numbers without +.
    expect(internationalPhone(sent)).toBe(sent);
  });

  it.each(INVALID)('%s: "%s" is refused', (country, typed) => {
    expect(internationalPhone(typed, country)).toBeUndefined();
    expect(isValidPhone(typed, country)).toBe(false);
  });

  it('reads a number the widget shows with its dial code before a trunk prefix ("+54 011 15…") as the national form', () => {
    expect(internationalPhone('+54 011 15-2345-6789', 'AR')).toBe('+54 9 11 2345 6789');
    expect(internationalPhone('+52 33 1234 5678', 'CO')).toBe('+52 33 1234 5678');
  });
});

describe('the widgets and the server agree', () => {
  // The input holds "+<dial> <as typed>" once the visitor types (the dial code of its country).
  const dial = { MX: '52', ES: '34', US: '1', AR: '54', BR: '55', CO: '57', CL: '56' } as Record<string, string>;
  const shown = (country: string, typed: string) => (/^\s*(\+|00)/.test(typed) ? typed : `+${dial[country]} ${typed}`);

  it.each([...VALID.map(([c, t]) => [c, t] as [string, string]), ...INVALID])('%s "%s": same verdict', async (country, typed) => {
    const browser = await checkPhone(shown(country, typed), country);
    const server = internationalPhone(typed, country);
    expect(browser).toEqual(server ? { international: server } : { invalid: expect.objectContaining({ code: country }) });
    // The server then takes what the widget sends, as it is.
    if (browser && 'international' in browser) expect(isValidPhone(browser.international)).toBe(true);
  });
});
