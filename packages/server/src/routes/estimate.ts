import * as v from 'valibot';
import { estimate, regionOf } from '@obra/estimate';
import bibliography from '@obra/estimate/sources.json' with { type: 'json' };
import { DESIGN_LIMITS, emptyProject, validate, validateProject } from '@obra/schema';
import { readJson } from '../http/body.ts';
import { HttpError, invalidFields } from '../http/errors.ts';
import type { Handler } from './types.ts';

// A project is a few hundred bytes: a tighter limit than the leads' keeps this free call cheap.
const ESTIMATE_BODY_LIMIT = 8 * 1024;

// The location as the form stores it: optional texts of the gazetteer's length.
const place = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(DESIGN_LIMITS.place, 'tooLong')), '');
const locationSchema = v.object({ pais: place, departamento: place, ciudad: place });

/**
 * POST /api/estimate: the design form's project data plus its location (pais, departamento,
 * ciudad), checked with the shared schema (dimensions within their use's bounds); answers the
 * indicative estimate and the sources it rests on. `pais` is required and must name a country (its
 * name in Spanish or English, or its ISO code): no country is assumed (docs/estimate.md#limits). Stores
 * nothing; limited with the reads.
 */
export const estimateRoute: Handler = async ({ req, config }) => {
  const { value: input } = await readJson(req, Math.min(config.bodyLimit, ESTIMATE_BODY_LIMIT));
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new HttpError(400, { key: 'projectObject' });
  // Fields a partner leaves out start empty, as in the form.
  const project = validateProject({ ...emptyProject(), ...input });
  const location = validate(locationSchema, input);
  const errors: Record<string, string> = {};
  if (!project.ok) for (const [field, error] of Object.entries(project.errors)) if (error) errors[field] = error.key;
  if (!location.ok) for (const [field, error] of Object.entries(location.errors)) if (error) errors[field] = error.key;
  // No country is assumed: an empty one is missing, and a name that is no country's is not a choice.
  if (location.ok && !errors.pais && !regionOf(location.value.pais)) errors.pais = location.value.pais ? 'choose' : 'required';
  if (errors.pais) throw new HttpError(400, { key: 'estimateCountry' }, { body: { errors } });
  if (!project.ok || !location.ok) throw invalidFields(errors);
  const result = estimate({ ...project.value, ...location.value });
  // The schema allows an empty dimension and checks the bounds; the estimate needs the building's three.
  if (!result.complete) throw invalidFields(Object.fromEntries(result.missing.map((field) => [field, 'required'])));
  return { status: 200, body: { ...result, indicative: true, sources: bibliography.sources } };
};
