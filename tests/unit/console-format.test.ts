// @vitest-environment node
// The console's amounts (packages/console/src/pages/format.ts): Stripe's minor units, the
// currency's own decimals, the operator's language.
import { describe, expect, it } from 'vitest';
import { money } from '@obra/console';

// Intl separates the symbol with a no-break space; the tests read it as a plain one.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money', () => {
  it('formats minor units in the operator language', () => {
    expect(plain(money(19900, 'usd', 'es'))).toBe('US$ 199,00');
    expect(money(19900, 'usd', 'en')).toBe('US$199.00');
    expect(plain(money(123456789, 'usd', 'es'))).toBe('US$ 1.234.567,89');
  });

  it('knows the currencies Stripe counts without decimals or in thousandths', () => {
    expect(money(500, 'jpy', 'en')).toBe('JP¥500');
    expect(plain(money(12340, 'kwd', 'en'))).toBe('KWD 12.340');
    // Colombian pesos are counted in cents by Stripe, though shown without them.
    expect(plain(money(19900000, 'cop', 'es'))).toBe('$ 199.000');
  });

  it('shows a code it cannot format as recorded instead of guessing', () => {
    expect(money(100, 'not-a-code', 'en')).toBe('100 NOT-A-CODE');
  });
});
