// The console's contract for people (docs/operators/console.md#people): a person's leads,
// suggested duplicates, merges and their undo.
import * as v from 'valibot';
import type { LeadKindName, LeadStatus } from '../console.ts';
import { isCleanText } from '../validate.ts';
import type { AdminBody } from './check.ts';
import { type ApiTime, CHARACTERS_TEXT, type KeysetPage, LEAD_ID, body } from './common.ts';
import type { LeadDetail } from './leads.ts';

const PERSON_TEXT = 'person must be the id of another person.';
/** The longest reason an operator gives for a merge. */
const MERGE_REASON_LENGTH = 500;
const MERGE_REASON_TEXT = `reason must be text of at most ${MERGE_REASON_LENGTH} characters.`;

/**
 * A person (docs/operators/console.md#people): the leads of one human being, joined by e-mail
 * address; shown with their first lead's name, address and phone (a merge keeps the first of the person merged into).
 */
export interface PersonBrief {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** How many leads the person has. */
  leads: number;
}

/** A person's page: their leads (newest first), the history of all of them, suggested duplicates, merges. */
export interface PersonView extends PersonBrief {
  items: {
    id: string;
    kind: LeadKindName;
    status: LeadStatus;
    created_at: ApiTime;
    name: string;
    email: string;
    phone: string;
    summary: string;
  }[];
  /** Every lead's timeline, oldest first (at most the newest 300 events), each naming its lead. */
  timeline: (LeadDetail['timeline'][number] & { lead: string })[];
  /** Other persons sharing a phone number with this one, not yet merged or dismissed. */
  duplicates: (PersonBrief & { phone_key: string })[];
  /** The merges into this person, newest first; `undone` once unmerged. */
  merges: { id: string; at: ApiTime; actor: string | null; reason: string; leads: number; undone: boolean }[];
}

/** A suggested duplicate: two persons whose leads share a phone number. */
export interface PersonSuggestion {
  created_at: ApiTime;
  a: PersonBrief;
  b: PersonBrief;
}

/** The answer of each route of people, by 'METHOD path' (AdminResponses). */
export interface PeopleRoutes {
  /** The person of a lead, and the same by the person's id. */
  'GET leads/:id/person': PersonView;
  'GET people/:id': PersonView;
  /** `?after=`: newest first, 50 a page. */
  'GET people/suggestions': KeysetPage<PersonSuggestion>;
  /** 201: the merge, to undo it. */
  'POST people/:id/merge': { merge: string };
  'POST people/:id/dismiss': { ok: true };
  /** Moves the merge's leads back to the person they came from. */
  'POST person-merges/:id/undo': { ok: true };
}

/** The body of each route of people that reads one (ADMIN_BODIES). */
export const PEOPLE_BODIES = {
  // People (docs/operators/console.md#people): merge another person into this one (with an
  // optional reason), or say the suggested pair are different people.
  'POST people/:id/merge': body(
    v.object(
      {
        person: v.pipe(v.string(PERSON_TEXT), v.regex(LEAD_ID, PERSON_TEXT)),
        reason: v.optional(
          v.pipe(
            v.string(MERGE_REASON_TEXT),
            v.maxLength(MERGE_REASON_LENGTH, MERGE_REASON_TEXT),
            v.trim(),
            v.check(isCleanText, CHARACTERS_TEXT),
          ),
          '',
        ),
      },
      PERSON_TEXT,
    ),
    { person: 'person', reason: 'reason', 'reason.check': 'characters' },
  ),
  'POST people/:id/dismiss': body(v.object({ person: v.pipe(v.string(PERSON_TEXT), v.regex(LEAD_ID, PERSON_TEXT)) }, PERSON_TEXT), {
    person: 'person',
  }),
} satisfies { [K in keyof PeopleRoutes]?: AdminBody };
