import * as v from 'valibot';
import { email, FIELD_LIMITS, phone, text, validate } from './validate.ts';

/** The 13 specialisations of docs/contributors/behaviour.md#entities ({product} is construcción, docs/contributors/behaviour.md#construction-in-the-names). */
export const SPECIALIZATIONS = [
  'arquitectura',
  'ingenieria-civil',
  'construccion',
  'diseno-interior',
  'gestion-proyectos',
  'tecnologia-construccion',
  'estructuras',
  'instalaciones',
  'supervision-obra',
  'materiales-construccion',
  'sostenibilidad',
  'bim',
  'otro',
] as const;

export type Specialization = (typeof SPECIALIZATIONS)[number];

/** Limits of a partner registration. */
export const PARTNER_LIMITS = { nombre: FIELD_LIMITS.name, telefono: FIELD_LIMITS.phone, correo: FIELD_LIMITS.email, pais: 80 } as const;

/** A partner registration (docs/contributors/behaviour.md#entities): all five fields required. */
export const partnerSchema = v.object({
  nombre: text(PARTNER_LIMITS.nombre),
  telefono: phone(),
  correo: email(),
  pais: text(PARTNER_LIMITS.pais),
  especializacion: v.picklist(SPECIALIZATIONS, 'choose'),
});

/** A partner registration, as sent on the wire: exactly {nombre, telefono, correo, pais, especializacion}. */
export type PartnerRegistration = v.InferOutput<typeof partnerSchema>;

/** Validates a partner registration. */
export const validatePartner = (input: unknown) => validate(partnerSchema, input);
