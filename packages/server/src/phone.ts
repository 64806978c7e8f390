import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';

// Numbers typed without a + are read as Colombian: the phone input's default country (docs/contributors/behaviour.md#constants).
const DEFAULT_COUNTRY = 'CO';

/**
 * Full validation of a phone number with the complete numbering-plan metadata (docs/contributors/behaviour.md#phone-codes:
 * the widgets only check the shape; the real rules cost partner pages nothing here).
 */
export const isValidPhone = (value: string): boolean => isValidPhoneNumber(value, DEFAULT_COUNTRY);

/** A valid number in international format (`+51 987 654 321`: +, digits and spaces), or undefined. */
export function internationalPhone(value: string): string | undefined {
  const number = parsePhoneNumberFromString(value, DEFAULT_COUNTRY);
  return number?.isValid() ? number.formatInternational() : undefined;
}
