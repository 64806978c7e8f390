import { estimate, type Estimate, type EstimateInput } from '@obra/estimate';

/**
 * The estimate of a measured project, in Colombia unless `pais` says otherwise (the estimate itself
 * assumes no country); throws when a dimension or the country is missing: a test's mistake.
 */
export const made = (input: EstimateInput): Estimate => {
  const result = estimate({ pais: 'Colombia', ...input });
  if (!result.complete) throw new Error(`incomplete: ${result.missing.join(', ')}`);
  return result;
};

/** The building weeks of an estimate: construction and finishes. */
export const build = (e: Estimate): number =>
  e.time.stages.filter((s) => s.stage === 'construction' || s.stage === 'finishes').reduce((n, s) => n + s.weeks, 0);
