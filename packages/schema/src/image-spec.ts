import * as v from 'valibot';
import {
  CONSTRUCTION_SYSTEMS,
  FACADE_MATERIALS,
  ROOF_DESIGNS,
  ROOF_MATERIALS,
  USES,
  WALL_TYPES,
  ZONES,
  projectSchema,
} from './design-form.ts';
import { validate } from './validate.ts';

const choice = <const T extends readonly string[]>(values: T) =>
  v.optional(v.union([v.literal(''), v.picklist(values, 'choose')], 'choose'), '');
const { ancho: dimension } = projectSchema.entries;

/**
 * The `spec` of POST generate-image (docs/contributors/behaviour.md#image-generation): the structured choices the image is drawn
 * from. Every field is optional (a fresh form generates too) and missing ones read as empty;
 * unknown fields are dropped, so the canonical spec (and the image's id) depends on these only.
 */
export const imageSpecSchema = v.object({
  uso: choice(USES),
  sistemaConstructivo: choice(CONSTRUCTION_SYSTEMS),
  diseno: choice(ROOF_DESIGNS),
  tipoFachada: choice(WALL_TYPES),
  materialCubierta: choice(ROOF_MATERIALS),
  materialFachada: choice(FACADE_MATERIALS),
  zona: choice(ZONES),
  ancho: v.optional(dimension, ''),
  longitud: v.optional(dimension, ''),
  anchoEdificacion: v.optional(dimension, ''),
  largoEdificacion: v.optional(dimension, ''),
  altoEdificacion: v.optional(dimension, ''),
});

/** Validates a generate-image `spec`; the value has every field, empty when not chosen. */
export const validateImageSpec = (input: unknown) => validate(imageSpecSchema, input);
