// How a body or a query string of the console's API is checked against its schema: the first
// refusal wins, with the code of its deepest member that has one (`rules.mode` before `rules`).
import * as v from 'valibot';

/**
 * A schema and the `code` each refusal carries, by the member the refusal is about ('' for the
 * whole), or by member and check (`origins.max_length`) where one member has several: the console
 * translates the code, tests read the English `errorMessage`, which is each check's message.
 */
export interface AdminBody<S extends v.GenericSchema = v.GenericSchema, X extends object = object> {
  schema: S;
  codes: Record<string, string>;
  /** The refusal also names its member in `errors` ({origins: 'partner-origins'}), for a form to mark the field. */
  fields?: true;
  /** The refusal's other members, read from its issue and code (a notification rule's `kind`, its bad `addresses`). */
  extra?: (issue: v.BaseIssue<unknown>, code: string | undefined) => X;
}

/** What a check gives: the checked value, or the refusal's English message and its members (`code`, `errors`, extra ones). */
export type Checked<T, R> = { ok: true; value: T } | { ok: false; message: string; details: R };

/** Checks `value` with `contract`: its output, or its first refusal with that refusal's code. */
export function checkWith<T, R>(contract: AdminBody, value: unknown): Checked<T, R> {
  const result = v.safeParse(contract.schema, value);
  if (result.success) return { ok: true, value: result.output as T };
  const [issue] = result.issues;
  // The members named on the way, a list's positions left out: ['rules', 'mode'].
  const members = (issue.path ?? []).map((step) => step.key).filter((key): key is string => typeof key === 'string');
  let code: string | undefined;
  for (let depth = members.length; depth > 0 && !code; depth--) {
    const member = members.slice(0, depth).join('.');
    code = contract.codes[`${member}.${issue.type}`] ?? contract.codes[member];
  }
  const details = {
    ...(code ? { code, ...(contract.fields ? { errors: { [members[0] ?? '']: code } } : {}) } : {}),
    ...contract.extra?.(issue, code),
  };
  return { ok: false, message: issue.message, details: details as R };
}
