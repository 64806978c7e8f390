import * as v from 'valibot';
import { estimate } from '@obra/estimate';
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
 * ciudad), checked with the shared schema; answers the indicative estimate and the sources it
 * rests on. Stores nothing; limited with the reads.
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
  if (!project.ok || !location.ok) throw invalidFields(errors);
  const result = estimate({ ...project.value, ...location.value });
  // The schema allows an empty dimension; the estimate needs the building's three, above zero.
  if (!result.complete)
    throw invalidFields(Object.fromEntries(result.missing.map((field) => [field, project.value[field] === '' ? 'required' : 'dimension'])));
  return { status: 200, body: { ...result, indicative: true, sources: bibliography.sources } };
};
