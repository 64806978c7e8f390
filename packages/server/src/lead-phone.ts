// A lead's phone as the console links it (tel: and WhatsApp), the CSV export writes it and the
// new-lead mails show it: one place (docs/contributors/behaviour.md#phone-codes). A number typed in
// national form is read in the lead's country (its estimate's, for a design report), else in
// PHONE_DEFAULT_COUNTRY's.
import { PHONE_DEFAULT_COUNTRY } from '@obra/schema';
import { internationalPhone } from '@obra/schema/phone';
import { storedText } from './stored-text.ts';

/** `phone` in international form (`+57 321 1863000`), or null when it is no valid number. */
export const leadPhone = (phone: unknown, country?: string | null): string | null =>
  internationalPhone(storedText(phone), country || PHONE_DEFAULT_COUNTRY) ?? null;
