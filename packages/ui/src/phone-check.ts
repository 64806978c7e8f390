import { countryOf, guessCountry, type Country } from './countries.ts';

type Rules = typeof import('@obra/schema/phone');
let rules: Promise<Rules> | undefined;

/**
 * The server's own phone check (@obra/schema/phone, with the full numbering-plan metadata), loaded
 * as a file of its own the first time a phone field is shown (docs/contributors/behaviour.md#phone-codes).
 * A failed load (offline, a blocked script) is forgotten, so the next check tries again.
 */
export function loadPhoneRules(): Promise<Rules> {
  rules ??= import('@obra/schema/phone').catch((error: unknown) => {
    rules = undefined;
    throw error;
  });
  return rules;
}

/** What the check says of a number: its international form, or the country it is not valid for. */
export type PhoneVerdict = { international: string } | { invalid: Country };

/**
 * Checks `value` (as the phone input holds it: `+<dial> <what was typed>`) for the country it
 * shows, `country` when it shows none; undefined when the check cannot be loaded (the server then decides).
 */
export async function checkPhone(value: string, country: string): Promise<PhoneVerdict | undefined> {
  const own = guessCountry(value, country) ?? countryOf(country);
  const loaded = await loadPhoneRules().catch(() => undefined);
  if (!loaded) return undefined;
  const international = loaded.internationalPhone(value, own.code);
  return international ? { international } : { invalid: own };
}
