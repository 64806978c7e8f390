// What the console and its API (packages/server/src/admin) both name: lead kinds and statuses, the
// work queues, the sort keys of the inbox and the dashboard's ranges. The server turns each name
// into SQL; the console turns each into a tab, a column or an option. One list, read by both.
import { LANGS, type Lang } from './lang.ts';

/** The lead kinds, as stored in lead.kind. */
export const LEAD_KIND_NAMES = ['wait-list', 'partner', 'contact', 'report'] as const;
/** A lead kind. */
export type LeadKindName = (typeof LEAD_KIND_NAMES)[number];

/** The regional locale the console and its e-mails write dates and amounts in, where a language has one. */
const REGIONAL: Partial<Record<Lang, string>> = { es: 'es-CO', en: 'en-GB' };
/** The locale the console and its e-mails write dates and amounts in, per language (else the language's own). */
export const CONSOLE_LOCALES = Object.fromEntries(LANGS.map((lang) => [lang, REGIONAL[lang] ?? lang])) as Record<Lang, string>;

/** The statuses of the workflow, in order, plus spam. */
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
/** A lead status. */
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** The statuses someone still works on: a follow-up of a won, lost or spam lead is never due. */
export const OPEN_STATUSES = ['new', 'contacted', 'qualified'] as const satisfies readonly LeadStatus[];

/**
 * The inbox's sort keys and the direction each starts in. The API holds the SQL of each (its
 * index and keyset cursor, admin/lead-sort.ts), the console a column header for each: adding a key
 * here makes both add it (TypeScript fails until they do).
 */
export const LEAD_SORTS = { received: 'desc', status: 'asc', follow_up: 'asc', value: 'desc' } as const;
/** A sort key of the inbox. */
export type LeadSort = keyof typeof LEAD_SORTS;
/** The sort of the inbox when the URL names none. */
export const DEFAULT_LEAD_SORT: LeadSort = 'received';

/** `assignee` beyond an operator's id: the signed-in operator's leads, or nobody's. */
export const ASSIGNEE_QUEUES = ['me', 'none'] as const;
/** `due`: follow-ups past their time, or due by the end of the operator's day (the late ones too). */
export const DUE_QUEUES = ['overdue', 'today'] as const;

/** Selected leads one bulk action may change, and the most "all matching the filter" may cover. */
export const BULK_LIMIT = 2000;

/** The dashboard's ranges, in weeks (the current week included). */
export const DASHBOARD_WEEKS = [4, 12, 26, 52] as const;
/** The range the dashboard opens with. */
export const DEFAULT_DASHBOARD_WEEKS = 12;

/** The buckets of "time to first contact" (hours from arrival to the first status after `new`): each bucket's upper end. */
export const CONTACT_BUCKET_HOURS = [1, 4, 24, 72, 168] as const;

/** Stripe's Checkout Session payment statuses, and `refunded` (charge.refunded, whole): the orders' tabs and filter (the test checkout records `paid`). */
export const PAYMENT_STATUSES = ['paid', 'unpaid', 'failed', 'no_payment_required', 'refunded'] as const;
/** A payment status. */
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Who took an order's payment: Stripe, or the embedded test checkout (no money moves). */
export const ORDER_PROVIDERS = ['stripe', 'test'] as const;

/** The states of a partner, in the list's order (pending first). */
export const PARTNER_STATUSES = ['pending', 'approved', 'suspended'] as const;
/** A partner's state. */
export type PartnerStatus = (typeof PARTNER_STATUSES)[number];

/** A task's kinds of work (issue 40), in the order the console offers them. */
export const TASK_TYPES = ['call', 'site-visit', 'quote', 'follow-up', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** The operators' roles: admins also manage users, partners and settings, and delete leads. */
export const OPERATOR_ROLES = ['admin', 'agent'] as const;
/** An operator's role. */
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Where a deal's stage leads: still open, won or lost (docs/operators/console.md#deals). */
export const DEAL_OUTCOMES = ['open', 'won', 'lost'] as const;
/** A stage's outcome. */
export type DealOutcome = (typeof DEAL_OUTCOMES)[number];
/** Why a deal was lost: the choices an operator picks from (a note may add more). */
export const LOST_REASONS = ['price', 'competitor', 'timing', 'financing', 'no-answer', 'scope', 'other'] as const;
/** A lost deal's reason. */
export type LostReason = (typeof LOST_REASONS)[number];
/** The cards a board's column shows at first, and adds per "more". */
export const BOARD_PAGE = 20;
/** The most stages a pipeline has. */
export const MAX_DEAL_STAGES = 20;
/**
 * Conversations (issue 40): what an operator logs on a lead, each with its outcomes in the order
 * the console offers them. Each is a timeline event of its type.
 */
export const ACTIVITY_OUTCOMES = {
  call: ['reached', 'no-answer', 'voicemail', 'wrong-number'],
  visit: ['done', 'cancelled', 'rescheduled'],
  meeting: ['done', 'cancelled', 'rescheduled'],
} as const;
/** A call, a site visit or a meeting. */
export type ActivityType = keyof typeof ACTIVITY_OUTCOMES;
/** The timeline's conversation events: an e-mail sent, a WhatsApp message opened, and the activities logged. */
export const CONVERSATION_EVENTS = ['email', 'whatsapp', 'call', 'visit', 'meeting'] as const;
export type ConversationEvent = (typeof CONVERSATION_EVENTS)[number];
/** The variables a message template may hold, written `{{name}}`: filled from the lead, the operator and the company. */
export const TEMPLATE_VARIABLES = ['name', 'estimate', 'place', 'operator', 'company'] as const;
/**
 * The limits of conversations: a subject's and a message's length, a template's name, an
 * activity's note, the e-mails one operator may send in an hour, and how far ahead an activity may
 * be logged (a clock a little off; a later one is a follow-up, not a log).
 */
export const CONVERSATION_LIMITS = { subject: 150, body: 5000, templateName: 60, note: 2000, mailsPerHour: 20, aheadHours: 24 } as const;
