import * as v from 'valibot';
import { email, FIELD_LIMITS, paragraph, phone, text, validate } from './validate.ts';

/** Limits of a wait-list entry (docs/contributors/behaviour.md#validation: comentario at most 300). */
export const WAIT_LIST_LIMITS = {
  nombre: FIELD_LIMITS.name,
  correo: FIELD_LIMITS.email,
  telefono: FIELD_LIMITS.phone,
  comentario: 300,
} as const;

/** Who is joining the wait list. */
export const WAIT_LIST_INTERESTS = ['cliente', 'proveedor'] as const;

/** A wait-list entry (docs/contributors/behaviour.md#entities): every field required, comentario at most 300 characters. */
export const waitListSchema = v.object({
  interesado: v.picklist(WAIT_LIST_INTERESTS, 'choose'),
  nombre: text(WAIT_LIST_LIMITS.nombre),
  correo: email(),
  telefono: phone(),
  comentario: paragraph(WAIT_LIST_LIMITS.comentario),
});

/** One wait-list entry, as sent on the wire (docs/contributors/behaviour.md#calls). */
export type WaitListEntry = v.InferOutput<typeof waitListSchema>;

/** Validates a wait-list entry. */
export const validateWaitList = (input: unknown) => validate(waitListSchema, input);
