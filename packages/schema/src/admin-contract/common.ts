// What the resources of the console's contract share: the time as the API writes it, a body's
// schema with its refusals' codes, the text rule's refusal, ids, an assignee, a time with its
// offset, a label per language and the shapes of a paged list.
import * as v from 'valibot';
import type { Lang } from '../lang.ts';
import type { AdminBody } from './check.ts';

/** A time as the API writes it: ISO 8601 (a Date on the server, JSON.stringify's string on the wire). */
export type ApiTime = string;

/** A body's schema and its refusals' codes (`fields`: a refusal also names its member in `errors`). */
export const body = <S extends v.GenericSchema>(schema: S, codes: Record<string, string> = {}, fields?: true): AdminBody<S> =>
  fields ? { schema, codes, fields } : { schema, codes };

/** The refusal of a free text that breaks the text rule (validate.ts, docs/contributors/behaviour.md#text), code `characters`. */
export const CHARACTERS_TEXT =
  'The text has invisible, control or unassigned characters, or nothing that shows; delete them and type it again.';
/** The longest note a follow-up carries ("call about the roof quote"). */
export const FOLLOW_UP_NOTE_LENGTH = 500;

/** An operator's id or null (nobody); the API checks that the operator exists. */
export const assignee = v.nullable(v.string('assignee must be the id of a user, or null.'));
/** An ISO time with its offset, 2000–2099, given back in UTC; refused with `text`. */
export const timeWithOffset = (text: string) =>
  v.pipe(
    v.string(text),
    v.regex(/(Z|[+-]\d\d:?\d\d)$/, text),
    v.transform((at) => new Date(at)),
    v.check((time) => !Number.isNaN(time.getTime()) && time.getUTCFullYear() >= 2000 && time.getUTCFullYear() <= 2099, text),
    v.transform((time) => time.toISOString()),
  );
/** A follow-up `{at, note?}` (`at` an ISO time with its offset, 2000–2099, given back in UTC), or null to clear it. */
export const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A choice's name in each language (a lead's field, a kind). */
export type Labels = Record<Lang, string>;

/** Counts per status of a list's filter (its status aside). */
export type StatusCounts<S extends string> = Record<S, number>;

/** A keyset page of a list: `next` is the `after` of the following page, null on the last. */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}
