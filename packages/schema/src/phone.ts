import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/metadata.max.json';
import { PHONE_DEFAULT_COUNTRY } from './validate.ts';

/**
 * The one phone check of the server and the widgets (docs/contributors/behaviour.md#phone-codes):
 * libphonenumber-js with its complete ("max") numbering-plan metadata. The server imports it; a
 * widget loads it as a separate file when a phone field is first shown, so the same number gets
 * the same verdict on both sides.
 */

/**
 * A valid number in international format (`+52 33 1234 5678`: +, country code, then the national
 * number in the country's own grouping), or undefined. `country` (ISO 3166-1 alpha-2) is the
 * country of a number written in national form ("33 1234 5678", "(55) 1234-5678",
 * "011 15-2345-6789"); a number starting with + or an international prefix (00…) names its own.
 * A leading `+<country code>` of `country` followed by a national form with its trunk prefix
 * ("+54 011 15-2345-6789", what the widgets' input shows) is read as that national form.
 */
export function internationalPhone(value: string, country: string = PHONE_DEFAULT_COUNTRY): string | undefined {
  const region = country.toUpperCase() as CountryCode;
  const number = parsePhoneNumberFromString(value, region, metadata) ?? undefined;
  if (number?.isValid()) return number.formatInternational();
  const code = (metadata.countries as Record<string, unknown[]>)[region]?.[0];
  const own = typeof code === 'string' ? new RegExp(`^\\s*\\+\\s*${code}(?!\\d)`).exec(value) : null;
  const national = own ? parsePhoneNumberFromString(value.slice(own[0].length), region, metadata) : undefined;
  return national?.isValid() && national.country === region ? national.formatInternational() : undefined;
}

/** Whether `value` is a valid number (see {@link internationalPhone}). */
export const isValidPhone = (value: string, country?: string): boolean => internationalPhone(value, country) !== undefined;
