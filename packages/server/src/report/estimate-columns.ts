/** The estimate's columns of the CSV exports (console and `npm run export -- report`), in order. */
export const ESTIMATE_COLUMNS = [
  'estimate_low',
  'estimate_expected',
  'estimate_high',
  'estimate_currency',
  'estimate_weeks',
  'estimate_drivers',
  'value_usd',
] as const;

/** The SQL that selects {@link ESTIMATE_COLUMNS} from the `lead` row aliased `alias` (migration 090). */
export const ESTIMATE_SELECT = (alias: string): string =>
  [
    `${alias}.estimate->>'low' as estimate_low`,
    `${alias}.estimate->>'expected' as estimate_expected`,
    `${alias}.estimate->>'high' as estimate_high`,
    `${alias}.estimate->>'currency' as estimate_currency`,
    `${alias}.estimate->>'weeks' as estimate_weeks`,
    `(select string_agg(d, ' ') from jsonb_array_elements_text(${alias}.estimate->'drivers') d) as estimate_drivers`,
    `${alias}.value_usd::text as value_usd`,
  ].join(', ');
