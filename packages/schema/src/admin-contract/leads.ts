// The console's contract for leads: the inbox (its list, due follow-ups, bulk changes and their
// undo, the export), a lead's page (its changes, notes, the report's resend and PDF) and the
// operator's saved views of the inbox.
import * as v from 'valibot';
import type { UtmKey } from '../attribution.ts';
import { BULK_LIMIT, type ConversationEvent, LEAD_STATUSES, type LeadKindName, type LeadStatus } from '../console.ts';
import type { Lang } from '../lang.ts';
import { isCleanLine, isCleanText } from '../validate.ts';
import type { AdminBody } from './check.ts';
import {
  type ApiTime,
  CHARACTERS_TEXT,
  FOLLOW_UP_NOTE_LENGTH,
  type KeysetPage,
  LEAD_ID,
  type Labels,
  type StatusCounts,
  assignee,
  body,
  timeWithOffset,
} from './common.ts';
import type { DealEvent } from './deals.ts';
import type { PartnerEvent } from './partners.ts';

/** The longest note on a lead's timeline. */
const NOTE_LENGTH = 2000;
const NOTE_TEXT = 'A note has 1 to 2,000 characters.';
const STATUS_TEXT = `status must be one of ${LEAD_STATUSES.join(', ')}.`;
const FOLLOW_UP_NOTE = `followUp.note must be text of at most ${FOLLOW_UP_NOTE_LENGTH} characters.`;
const FOLLOW_UP_AT = 'followUp.at must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00.';
const followUp = v.nullable(
  v.object(
    {
      at: timeWithOffset(FOLLOW_UP_AT),
      note: v.optional(
        v.pipe(
          v.string(FOLLOW_UP_NOTE),
          v.maxLength(FOLLOW_UP_NOTE_LENGTH, FOLLOW_UP_NOTE),
          v.trim(),
          v.check(isCleanText, CHARACTERS_TEXT),
        ),
        '',
      ),
    },
    FOLLOW_UP_AT,
  ),
);

/** The longest name of a saved view. */
const VIEW_NAME_LENGTH = 60;
const VIEW_NAME_TEXT = `A view's name has 1 to ${VIEW_NAME_LENGTH} characters.`;
const VIEW_QUERY_TEXT = 'query must be the inbox query string.';
/** What a bulk action does to the leads it names. */
export const BULK_ACTIONS = ['status', 'assign', 'delete'] as const;
const IDS_TEXT = `ids must be 1 to ${BULK_LIMIT} lead ids.`;
const BULK_QUERY_TEXT = 'query must be the inbox query string.';

/** A lead of the inbox's list. */
export interface LeadItem {
  id: string;
  kind: LeadKindName;
  created_at: ApiTime;
  status: LeadStatus;
  assignee: string | null;
  assignee_email: string | null;
  lang: Lang;
  name: string;
  email: string;
  phone: string;
  /** The phone in international form, read in the lead's country (the server's lead-phone.ts); null when no valid number. */
  phone_international: string | null;
  summary: string;
  /** Its first words with the choices' labels, in each language. */
  readable: Labels | null;
  follow_up_at: ApiTime | null;
  follow_up_note: string | null;
  /** A design report's estimate (migration 090); null for other kinds and unmeasured buildings. */
  estimate: LeadEstimate | null;
  /** A design report's expected value in US dollars; null otherwise. */
  value_usd: number | null;
}

/** The estimate the API stores on a design report's lead (migration 090). */
export interface LeadEstimate {
  low: number;
  expected: number;
  high: number;
  currency: string;
  weeks: number;
  drivers: string[];
  country: string;
  fallback: boolean;
}

/** A lead's attribution (migrations 050 and 070): text columns, and whether the embedding site was approved; every value null for older leads. */
export type LeadAttribution = Record<
  'page_url' | 'referrer' | UtmKey | 'partner_code' | 'partner_claim' | 'widget' | 'widget_version' | 'embed_origin',
  string | null
> & { embed_approved: boolean | null };

/** One lead with its fields in form order, its report's state and its timeline. */
export interface LeadDetail {
  id: string;
  kind: LeadKindName;
  created_at: ApiTime;
  status: LeadStatus;
  assignee: string | null;
  lang: string;
  follow_up_at: ApiTime | null;
  follow_up_note: string | null;
  estimate: LeadEstimate | null;
  value_usd: number | null;
  spamReason: string | null;
  /** The phone in international form, as in {@link LeadItem}. */
  phoneInternational: string | null;
  /** Each field as stored; a choice also with its name in each language. */
  fields: { name: string; value: string; labels?: Labels }[];
  /** A design report's image and mail; null for other kinds. */
  report: {
    image: string | null;
    mailStatus: 'queued' | 'sent' | 'held';
    mailedAt: ApiTime | null;
    attempts: number;
    error: string | null;
  } | null;
  attribution: LeadAttribution;
  timeline: {
    id: string;
    at: ApiTime;
    actor: string | null;
    type:
      | 'created'
      | 'status'
      | 'assignee'
      | 'note'
      | 'resend'
      | 'mailed'
      | 'follow-up'
      | PartnerEvent
      | 'merge'
      | 'unmerge'
      | DealEvent
      | ConversationEvent
      | 'task'
      | 'task-done'
      | 'rule-assign';
    detail: string;
  }[];
}

/** A saved view: a name for the inbox's query string. */
export interface SavedView {
  id: string;
  name: string;
  query: string;
}

/** The answer of each route of leads, by 'METHOD path' (AdminResponses). */
export interface LeadRoutes {
  'GET leads': KeysetPage<LeadItem> & {
    counts: StatusCounts<LeadStatus>;
    /** The counts stopped at a cap (a date range, free text or a queue over many leads): each is "at least". */
    countsCapped: boolean;
  };
  'GET due': { overdue: number; today: number };
  /** How many leads changed (those already so are left alone) or were deleted. */
  /** `undo`: the change's id for POST bulk-changes/:id/undo (null when nothing changed or for a deletion). */
  'POST leads/bulk': { changed: number; undo?: string | null };
  'POST bulk-changes/:id/undo': { changed: number };
  'GET leads/:id': LeadDetail;
  'PATCH leads/:id': undefined;
  'DELETE leads/:id': undefined;
  'POST leads/:id/notes': { ok: true };
  'POST leads/:id/resend': { ok: true };
  'GET leads/:id/report.pdf': undefined;
  'GET export.csv': undefined;
  'GET views': { views: SavedView[] };
  'POST views': SavedView;
  'DELETE views/:id': undefined;
}

/** The body of each route of leads that reads one (ADMIN_BODIES). */
export const LEAD_BODIES = {
  'PATCH leads/:id': body(
    v.pipe(
      v.object({
        status: v.optional(v.picklist(LEAD_STATUSES, STATUS_TEXT)),
        assignee: v.optional(assignee),
        followUp: v.optional(followUp),
      }),
      v.check((change) => Object.keys(change).length > 0, 'Send status, assignee or followUp.'),
    ),
    { assignee: 'assignee', followUp: 'follow-up', 'followUp.note.check': 'characters' },
  ),
  'POST leads/:id/notes': body(
    v.object(
      {
        text: v.pipe(
          v.string(NOTE_TEXT),
          v.maxLength(NOTE_LENGTH, NOTE_TEXT),
          v.trim(),
          v.minLength(1, NOTE_TEXT),
          v.check(isCleanText, CHARACTERS_TEXT),
        ),
      },
      // A missing member is refused with its object's message.
      NOTE_TEXT,
    ),
    { text: 'note', 'text.check': 'characters' },
  ),
  /** The leads selected (`ids`) or every lead matching the inbox's `query`, and what to do to them. */
  'POST leads/bulk': body(
    v.pipe(
      v.object({
        action: v.picklist(BULK_ACTIONS, `action must be one of ${BULK_ACTIONS.join(', ')}.`),
        status: v.optional(v.picklist(LEAD_STATUSES, STATUS_TEXT)),
        assignee: v.optional(assignee),
        ids: v.optional(
          v.pipe(
            v.array(v.pipe(v.string(IDS_TEXT), v.regex(LEAD_ID, IDS_TEXT)), IDS_TEXT),
            v.minLength(1, IDS_TEXT),
            v.maxLength(BULK_LIMIT, IDS_TEXT),
          ),
        ),
        query: v.optional(v.pipe(v.string(BULK_QUERY_TEXT), v.maxLength(2000, BULK_QUERY_TEXT))),
      }),
      v.forward(
        v.check((bulk) => bulk.action !== 'status' || bulk.status !== undefined, STATUS_TEXT),
        ['status'],
      ),
      v.forward(
        v.check((bulk) => bulk.action !== 'assign' || bulk.assignee !== undefined, 'assignee must be the id of a user, or null.'),
        ['assignee'],
      ),
      v.forward(
        v.check((bulk) => (bulk.ids === undefined) !== (bulk.query === undefined), 'Send either ids or query.'),
        ['ids'],
      ),
    ),
    { action: 'action', status: 'status', assignee: 'assignee', ids: 'ids' },
  ),
  'POST views': body(
    v.object(
      {
        name: v.pipe(
          v.string(VIEW_NAME_TEXT),
          v.transform((name) => name.replace(/\s+/g, ' ').trim()),
          v.minLength(1, VIEW_NAME_TEXT),
          v.maxLength(VIEW_NAME_LENGTH, VIEW_NAME_TEXT),
          v.check(isCleanLine, CHARACTERS_TEXT),
        ),
        /** The inbox's query string (the API keeps its filter and sort keys, and checks them). */
        query: v.pipe(v.string(VIEW_QUERY_TEXT), v.maxLength(1000, VIEW_QUERY_TEXT)),
      },
      VIEW_NAME_TEXT,
    ),
    { name: 'name', 'name.check': 'characters', query: 'query' },
  ),
} satisfies { [K in keyof LeadRoutes]?: AdminBody };
