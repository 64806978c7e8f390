import * as v from 'valibot';
import { email, FIELD_LIMITS, paragraph, text, validate } from './validate.ts';

/** Limits of a contact message (values-page popup, docs/contributors/behaviour.md#contact-popup-sends). */
export const CONTACT_LIMITS = { name: FIELD_LIMITS.name, email: FIELD_LIMITS.email, message: 2000 } as const;

/** A contact message: every field required, message at most 2000 characters. */
export const contactSchema = v.object({
  name: text(CONTACT_LIMITS.name),
  email: email(),
  message: paragraph(CONTACT_LIMITS.message),
});

/** A contact message, as sent on the wire: exactly {name, email, message}. */
export type ContactMessage = v.InferOutput<typeof contactSchema>;

/** Validates a contact message. */
export const validateContact = (input: unknown) => validate(contactSchema, input);
