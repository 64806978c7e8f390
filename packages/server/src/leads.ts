import { LEAD_KIND_SPECS, type LeadKindSpec } from '@obra/schema/lead-kinds';
import type { LeadKindName } from '@obra/schema/console';

/** One type of lead, as the server stores it: the registry's kind (@obra/schema/lead-kinds) and its columns. */
export interface LeadKind extends LeadKindSpec {
  /** The visitor's fields as stored, in export order. */
  readonly columns: readonly string[];
}

/** Every lead type the API stores, by `lead.kind`; the export command reads the same list. */
export const LEAD_KINDS = Object.fromEntries(
  Object.entries(LEAD_KIND_SPECS).map(([name, spec]): [string, LeadKind] => [
    name,
    { ...spec, columns: spec.fields.map((field) => field.column) },
  ]),
) as Readonly<Record<LeadKindName, LeadKind>>;

/** Whether `name` is a lead type (for the export command's argument). */
export const isLeadKind = (name: string): name is LeadKindName => Object.hasOwn(LEAD_KINDS, name);
