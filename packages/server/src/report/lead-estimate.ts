import { LEAD_KIND_SPECS, storedFields } from '@obra/schema/lead-kinds';
import { estimate, type EstimateInput } from '@obra/estimate';
// What the console keeps of a report's estimate (lead.estimate, migration 090) is the contract's.
import type { LeadEstimate } from '@obra/schema/admin-contract';

/** The estimate's input from a stored report row (the registry's report fields, under their submitted names). */
const estimateInputOf = (row: Readonly<Record<string, unknown>>): EstimateInput => storedFields(LEAD_KIND_SPECS.report, row);

/** The lead columns of a report's estimate: both null when its building was not measured. */
export function leadEstimateOf(row: Readonly<Record<string, unknown>>): { estimate: LeadEstimate | null; value_usd: number | null } {
  const e = estimate(estimateInputOf(row));
  if (!e.complete) return { estimate: null, value_usd: null };
  const { low, expected, high } = e.cost.total;
  return {
    estimate: {
      low,
      expected,
      high,
      currency: e.cost.currency,
      weeks: e.time.totalWeeks,
      drivers: e.cost.drivers.map((d) => d.driver),
      country: e.region,
      // the cost rests on the survey's market of another country
      fallback: e.far,
    },
    value_usd: e.cost.expectedUsd,
  };
}
