import { foldText, imageSpecSchema } from '@obra/schema';
import type { Spec } from './scene/index.ts';

/** The image spec's fields of `fields` (a report's, say), each '' when absent. */
export const specOf = (fields: Readonly<Record<string, string>>): Spec =>
  Object.fromEntries(Object.keys(imageSpecSchema.entries).map((field) => [field, fields[field] ?? ''])) as Spec;

/** Every field empty: what a prompt without a spec is drawn from. */
const EMPTY_SPEC = specOf({});

// Words of the widget's Spanish prompt (docs/contributors/behaviour.md#image-generation) and of English prompts, for
// a client that sends a prompt without a spec. The first match of each field wins.
const WORDS: [keyof Spec, string, RegExp][] = [
  ['diseno', 'Una sola pendiente', /una sola pendiente|mono.?pitch|shed roof/],
  ['diseno', 'Doble pendiente', /doble pendiente|gable/],
  ['diseno', 'Discontinua', /discontinua|sawtooth|saw.tooth/],
  ['diseno', 'Arco', /\barco\b|arched|barrel/],
  ['diseno', 'Plano', /\bplan[oa]\b|flat roof/],
  ['materialFachada', 'Ladrillo', /ladrillo|brick/],
  ['materialFachada', 'Vidrio', /vidrio|glass/],
  ['materialFachada', 'Madera', /madera|wood|timber/],
  ['materialCubierta', 'Techo Ecologico', /techo ecologico|green roof|techo verde/],
  ['materialCubierta', 'Arcilla/Concreto', /arcilla|teja|clay tile/],
  ['materialCubierta', 'Asfalticos', /asfalt|shingle/],
  ['uso', 'housing', /vivienda|\bcasa\b|house|home/],
  ['uso', 'warehouse', /bodega|warehouse/],
  ['uso', 'factory', /fabrica|factory/],
  ['uso', 'commercial', /comercial|commercial|\bshop\b/],
  ['uso', 'institutional', /institucional|institutional|school|escuela/],
  ['zona', 'zone1', /rural|campo|countryside/],
  ['zona', 'zone3', /industrial/],
  ['zona', 'zone2', /urban|ciudad|city/],
];

/** A spec read from the words of a prompt (accents ignored); fields it does not name stay empty. */
export function specFromPrompt(prompt: string): Spec {
  const text = foldText(prompt);
  const spec: Spec = { ...EMPTY_SPEC };
  for (const [field, value, pattern] of WORDS) if (!spec[field] && pattern.test(text)) spec[field] = value;
  return spec;
}
