// The contract between the console and its API (/api/admin/*): each route the console calls, named
// 'METHOD path' (`:id` for the path's id), with the answer it gives (AdminResponses), for the
// routes that read a body the body's schema (ADMIN_BODIES), and for the GET routes that read a
// query string its schema (ADMIN_QUERIES, queries.ts). The server's route table is built from these
// names and each handler reads its body and its query through the schemas and returns its answer's
// type; the console's adminApi() takes the same names. A change on one side fails `tsc` on the other.
//
// The console imports only types from here (no body schema reaches its bundle): it never checks a
// body before sending it, the API does. It imports the queries (queries.ts) to write and read its URLs.
import * as v from 'valibot';
import { PARTNER_CODE, type UtmKey } from '../attribution.ts';
import { LANGS, type Lang } from '../lang.ts';
import type { LeadKindName, LeadStatus, ORDER_PROVIDERS, PartnerStatus, PaymentStatus } from '../console.ts';
import { BULK_LIMIT, LEAD_KIND_NAMES, LEAD_STATUSES, OPERATOR_ROLES, type OperatorRole } from '../console.ts';
import { LOST_REASONS, MAX_DEAL_STAGES, type DealOutcome, type LostReason } from '../console.ts';
import { ACTIVITY_OUTCOMES, CONVERSATION_LIMITS, TEMPLATE_VARIABLES, type ConversationEvent } from '../console.ts';
import { isCleanLine, isCleanText, isEmail } from '../validate.ts';
import { checkWith, type AdminBody } from './check.ts';

export type { AdminBody } from './check.ts';
export * from './queries.ts';

/** A time as the API writes it: ISO 8601 (a Date on the server, JSON.stringify's string on the wire). */
export type ApiTime = string;

const body = <S extends v.GenericSchema>(schema: S, codes: Record<string, string> = {}, fields?: true): AdminBody<S> =>
  fields ? { schema, codes, fields } : { schema, codes };

/** The refusal of a free text that breaks the text rule (validate.ts, docs/contributors/behaviour.md#text), code `characters`. */
const CHARACTERS_TEXT = 'The text has invisible, control or unassigned characters, or nothing that shows; delete them and type it again.';
/** The longest note on a lead's timeline. */
const NOTE_LENGTH = 2000;
const NOTE_TEXT = 'A note has 1 to 2,000 characters.';
/** The longest note a follow-up carries ("call about the roof quote"). */
const FOLLOW_UP_NOTE_LENGTH = 500;

const STATUS_TEXT = `status must be one of ${LEAD_STATUSES.join(', ')}.`;
/** An operator's id or null (nobody); the API checks that the operator exists. */
const assignee = v.nullable(v.string('assignee must be the id of a user, or null.'));
const FOLLOW_UP_NOTE = `followUp.note must be text of at most ${FOLLOW_UP_NOTE_LENGTH} characters.`;
const FOLLOW_UP_AT = 'followUp.at must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00.';
/** An ISO time with its offset, 2000–2099, given back in UTC; refused with `text`. */
const timeWithOffset = (text: string) =>
  v.pipe(
    v.string(text),
    v.regex(/(Z|[+-]\d\d:?\d\d)$/, text),
    v.transform((at) => new Date(at)),
    v.check((time) => !Number.isNaN(time.getTime()) && time.getUTCFullYear() >= 2000 && time.getUTCFullYear() <= 2099, text),
    v.transform((time) => time.toISOString()),
  );
/** A follow-up `{at, note?}` (`at` an ISO time with its offset, 2000–2099, given back in UTC), or null to clear it. */
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

/** The most recipients one kind of lead's notifications may have. */
export const MAX_RECIPIENTS = 20;
/** A mail per lead, or a daily digest. */
export const NOTIFICATION_MODES = ['each', 'digest'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];
/** The addresses of a list that are no operator's e-mail address. */
const badAddresses = (addresses: readonly string[]) => addresses.filter((address) => !isEmail(address));
/** One kind's rule; each kind's messages name it. */
const notificationRule = (kind: LeadKindName) => {
  const texts: Record<string, string> = {
    recipients: `The recipients of ${kind} are a list of addresses.`,
    mode: `The mode of ${kind} must be each or digest.`,
    lang: `The language of ${kind} must be ${LANGS.join(' or ')}.`,
  };
  return v.object(
    {
      kind: v.literal(kind),
      /** Trimmed, lower-cased, each once. */
      recipients: v.pipe(
        v.array(v.string(texts.recipients), texts.recipients),
        v.transform((list) => [...new Set(list.map((address) => address.trim().toLowerCase()).filter(Boolean))]),
        v.maxLength(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients per kind.`),
        v.check(
          (list) => !badAddresses(list).length,
          (issue) => `Not valid e-mail addresses: ${badAddresses(issue.input).join(', ')}.`,
        ),
      ),
      mode: v.picklist(NOTIFICATION_MODES, texts.mode),
      lang: v.picklist(LANGS, texts.lang),
      partnerCopy: v.optional(v.boolean(`partnerCopy of ${kind} is true or false.`), false),
    },
    // A missing member is refused with its own message.
    (issue) => texts[String(issue.path?.at(-1)?.key)] ?? texts.recipients!,
  );
};
const RULES_TEXT = 'Send {rules: […]}, at most one per kind.';

/** The most origins one partner may have. */
export const MAX_PARTNER_ORIGINS = 20;
const PARTNER_CODE_TEXT = 'The code must have 3 to 32 letters, digits, "_" or "-" (no spaces or accents).';
const ORIGINS_TEXT = 'origins must be a list of origins such as https://partner.example.';
/**
 * A partner's origins as sent: a list of at most MAX_PARTNER_ORIGINS texts (each then normalised,
 * or refused with the origin named, by the API: packages/server/src/partners/checks.ts).
 */
const origins = v.pipe(
  v.array(v.string(ORIGINS_TEXT), ORIGINS_TEXT),
  v.maxLength(MAX_PARTNER_ORIGINS, `A partner may have at most ${MAX_PARTNER_ORIGINS} origins.`),
);
const PARTNER_CODES = { code: 'partner-code', origins: 'partner-origins', 'origins.max_length': 'partner-origins-many' };

const EMAIL_TEXT = 'Give a valid e-mail address (name@example.com).';
const ROLE_TEXT = `The role must be ${OPERATOR_ROLES.join(' or ')}.`;
const role = v.picklist(OPERATOR_ROLES, ROLE_TEXT);
const TIME_ZONE_TEXT = 'timeZone must be an IANA time zone such as America/Bogota.';
/** An IANA time zone's name (the API checks that the database knows it). */
const timeZone = v.pipe(v.string(TIME_ZONE_TEXT), v.maxLength(64, TIME_ZONE_TEXT));
const MORNING_TEXT = 'morningHour must be an hour from 0 to 23, or null.';
/** The longest name of a saved view. */
const VIEW_NAME_LENGTH = 60;
const VIEW_NAME_TEXT = `A view's name has 1 to ${VIEW_NAME_LENGTH} characters.`;
const VIEW_QUERY_TEXT = 'query must be the inbox query string.';
/**
 * What sign-in and the one-time link's form read: text, anything else (a text with a NUL too, which
 * the database cannot compare) as none (a refusal then says no more than a wrong password).
 */
const given = (longest: number) =>
  v.fallback(
    v.pipe(
      v.string(),
      v.check((text) => !text.includes('\0')),
      v.transform((text) => text.slice(0, longest)),
    ),
    '',
  );

/** What a bulk action does to the leads it names. */
export const BULK_ACTIONS = ['status', 'assign', 'delete'] as const;
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IDS_TEXT = `ids must be 1 to ${BULK_LIMIT} lead ids.`;
const BULK_QUERY_TEXT = 'query must be the inbox query string.';

/** Every event type a webhook endpoint may listen for. */
export const WEBHOOK_EVENTS = ['lead.created', 'lead.updated', 'partner.approved', 'report.mailed', 'order.refunded'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a webhook endpoint receives: Standard Webhooks, or the spreadsheet preset's rows. */
export const WEBHOOK_FORMATS = ['standard', 'spreadsheet'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
const EVENTS_TEXT = `events must be a non-empty list of ${WEBHOOK_EVENTS.join(', ')}.`;
/** The events an endpoint listens for, in the order of WEBHOOK_EVENTS, each once. */
const webhookEvents = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, EVENTS_TEXT), EVENTS_TEXT),
  v.minLength(1, EVENTS_TEXT),
  v.transform((chosen) => WEBHOOK_EVENTS.filter((type) => chosen.includes(type))),
);
const webhookFormat = v.picklist(WEBHOOK_FORMATS, `format must be one of ${WEBHOOK_FORMATS.join(', ')}.`);
/** An endpoint's URL as sent; its form and address are the API's to check (they need a DNS lookup). */
const webhookUrl = v.string('url must be the http or https address of the endpoint.');
const WEBHOOK_CODES = { url: 'url', events: 'events', format: 'format', enabled: 'enabled' };
const PERSON_TEXT = 'person must be the id of another person.';
/** The longest reason an operator gives for a merge. */
const MERGE_REASON_LENGTH = 500;
const MERGE_REASON_TEXT = `reason must be text of at most ${MERGE_REASON_LENGTH} characters.`;

/** A refusal of PUT notifications: the kind of the rule refused, and which addresses are not valid. */
interface NotificationRefusal {
  kind?: LeadKindName;
  addresses?: string[];
}

/** A deal's amount: at least 0, below 10^13, in cents at most (docs/operators/console.md#deals). */
const AMOUNT_TEXT = 'amount must be a number from 0 to 9,999,999,999,999.99 with at most 2 decimals.';
const amount = v.pipe(
  v.number(AMOUNT_TEXT),
  v.check((n) => Number.isFinite(n) && n >= 0 && n < 1e13 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, AMOUNT_TEXT),
);
const CURRENCY_TEXT = 'currency must be an ISO 4217 code of 3 capital letters, such as USD or COP.';
const currency = v.pipe(v.string(CURRENCY_TEXT), v.regex(/^[A-Z]{3}$/, CURRENCY_TEXT));
const CLOSE_DATE_TEXT = 'closeDate must be a date as YYYY-MM-DD, from 2000 to 2099.';
const closeDate = v.pipe(
  v.string(CLOSE_DATE_TEXT),
  v.regex(/^20\d\d-\d\d-\d\d$/, CLOSE_DATE_TEXT),
  v.check((day) => {
    const time = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(time.getTime()) && time.toISOString().startsWith(day);
  }, CLOSE_DATE_TEXT),
);
const UUID_TEXT = (name: string) => `${name} must be an id this API gave.`;
const uuid = (name: string) => v.pipe(v.string(UUID_TEXT(name)), v.regex(LEAD_ID, UUID_TEXT(name)));
/** The longest deal title and lost-reason note. */
const DEAL_TITLE_LENGTH = 200;
const DEAL_NOTE_LENGTH = 1000;
const DEAL_TITLE_TEXT = `title must be text of at most ${DEAL_TITLE_LENGTH} characters.`;
const dealTitle = v.pipe(
  v.string(DEAL_TITLE_TEXT),
  v.trim(),
  v.maxLength(DEAL_TITLE_LENGTH, DEAL_TITLE_TEXT),
  v.check(isCleanLine, CHARACTERS_TEXT),
);
const LOST_NOTE_TEXT = `lostNote must be text of at most ${DEAL_NOTE_LENGTH} characters.`;
const owner = v.nullable(v.string('owner must be the id of a user, or null.'));
const STAGE_NAME_TEXT = 'Each stage needs a name of 1 to 40 characters in es and in en.';
const stageName = v.pipe(
  v.string(STAGE_NAME_TEXT),
  v.trim(),
  v.minLength(1, STAGE_NAME_TEXT),
  v.maxLength(40, STAGE_NAME_TEXT),
  v.check(isCleanLine, CHARACTERS_TEXT),
);
const PROBABILITY_TEXT = 'probability must be a whole percentage from 0 to 100.';
const STAGES_TEXT = `Send {stages: […]}: 1 to ${MAX_DEAL_STAGES} stages, each {id?, es, en, probability}, in order.`;
const DEAL_CODES = {
  title: 'title',
  'title.check': 'characters',
  stageId: 'stage',
  amount: 'amount',
  currency: 'currency',
  closeDate: 'close-date',
  owner: 'owner',
  lostReason: 'lost-reason',
  lostNote: 'lost-note',
  'lostNote.check': 'characters',
  version: 'version',
};
/** Conversations (issue 40): a template's or a message's texts, the variables they may hold, an activity's type and outcome. */
const VARIABLE = /{{\s*([^{}]*?)\s*}}/g;
/** The `{{…}}` of `text` that are not TEMPLATE_VARIABLES, each once. */
export const unknownVariables = (text: string): string[] => [
  ...new Set(
    [...text.matchAll(VARIABLE)].map(([, name]) => name!).filter((name) => !(TEMPLATE_VARIABLES as readonly string[]).includes(name)),
  ),
];
/** `text` with each `{{variable}}` replaced by its value ('' for one without a value). */
export const fillVariables = (text: string, values: Partial<Record<(typeof TEMPLATE_VARIABLES)[number], string>>): string =>
  text.replace(VARIABLE, (_, name: string) => values[name as keyof typeof values] ?? '');
const knownVariables = v.rawCheck<string>(({ dataset, addIssue }) => {
  const unknown = dataset.typed ? unknownVariables(dataset.value) : [];
  if (unknown.length)
    addIssue({
      message: `Unknown variables: ${unknown.map((name) => `{{${name}}}`).join(', ')}; use ${TEMPLATE_VARIABLES.map((name) => `{{${name}}}`).join(', ')}.`,
    });
});
/** A subject (one line) or a message's text, 1 to its limit, with known variables only. */
const messageText = (kind: 'subject' | 'body') => {
  const message = `A ${kind === 'subject' ? 'subject' : 'text'} has 1 to ${CONVERSATION_LIMITS[kind].toLocaleString('en')} characters.`;
  return v.pipe(
    v.string(message),
    v.maxLength(CONVERSATION_LIMITS[kind], message),
    v.trim(),
    v.minLength(1, message),
    v.check(kind === 'subject' ? isCleanLine : isCleanText, CHARACTERS_TEXT),
    knownVariables,
  );
};
const MESSAGE_TEXT = 'Send subject and body (text: for WhatsApp), and the template used, or null.';
const MESSAGE_TEMPLATE = v.optional(
  v.nullable(
    v.pipe(
      v.string('template must be the id of a template, or null.'),
      v.regex(LEAD_ID, 'template must be the id of a template, or null.'),
    ),
  ),
  null,
);
const MESSAGE_CODES = {
  subject: 'subject',
  'subject.check': 'characters',
  'subject.raw_check': 'variable',
  body: 'body',
  'body.check': 'characters',
  'body.raw_check': 'variable',
  text: 'body',
  'text.check': 'characters',
  'text.raw_check': 'variable',
  template: 'template',
};
const TEMPLATE_NAME = `A template's name has 1 to ${CONVERSATION_LIMITS.templateName} characters.`;
const TEMPLATE_TEXT = 'Send name, es: {subject, body} and en: {subject, body}.';
const templateLanguage = v.object({ subject: messageText('subject'), body: messageText('body') }, TEMPLATE_TEXT);
/** A template: a name, and its subject and text in each language. */
const messageTemplate = v.object(
  {
    name: v.pipe(
      v.string(TEMPLATE_NAME),
      v.transform((name) => name.replace(/\s+/g, ' ').trim()),
      v.minLength(1, TEMPLATE_NAME),
      v.maxLength(CONVERSATION_LIMITS.templateName, TEMPLATE_NAME),
      v.check(isCleanLine, CHARACTERS_TEXT),
    ),
    es: templateLanguage,
    en: templateLanguage,
  },
  TEMPLATE_TEXT,
);
const TEMPLATE_CODES = {
  name: 'name',
  'name.check': 'characters',
  ...Object.fromEntries(
    LANGS.flatMap((lang) => [
      [lang, 'template'],
      ...Object.entries(MESSAGE_CODES)
        .filter(([key]) => key.startsWith('subject') || key.startsWith('body'))
        .map(([key, code]) => [`${lang}.${key}`, code]),
    ]),
  ),
};
const ACTIVITY_TYPES = Object.keys(ACTIVITY_OUTCOMES) as (keyof typeof ACTIVITY_OUTCOMES)[];
const ACTIVITY_TYPE_TEXT = `type must be one of ${ACTIVITY_TYPES.join(', ')}.`;
const OUTCOME_TEXT = `outcome must fit the type: ${ACTIVITY_TYPES.map((type) => `${type}: ${ACTIVITY_OUTCOMES[type].join(', ')}`).join('; ')}.`;
const ACTIVITY_AT = 'at must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00.';
const ACTIVITY_NOTE = `A note has at most ${CONVERSATION_LIMITS.note.toLocaleString('en')} characters.`;
/** A task's kinds of work (issue 40), in the order the console offers them. */
export const TASK_TYPES = ['call', 'site-visit', 'quote', 'follow-up', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
const TASK_TYPE_TEXT = `type must be one of ${TASK_TYPES.join(', ')}.`;
const TASK_DUE_TEXT = 'due must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00.';
const TASK_NOTE_TEXT = `note must be text of at most ${FOLLOW_UP_NOTE_LENGTH} characters.`;
/** The most assignment rules, and the most values one criterion or operator list of a rule has. */
export const MAX_ASSIGNMENT_RULES = 50;
const MAX_RULE_VALUES = 20;
const RULES_LIST_TEXT = `Send {rules: […]}, at most ${MAX_ASSIGNMENT_RULES}.`;
const RULE_NAME_TEXT = "A rule's name has 1 to 80 characters.";
const RULE_LIST_TEXT = `Countries, partner codes and sources are lists of at most ${MAX_RULE_VALUES} texts of at most 100 characters.`;
const RULE_OPERATORS_TEXT = `A rule gives leads to 1 to ${MAX_RULE_VALUES} operators (their ids).`;
/** A criterion's values: trimmed, lower-cased (matched without regard to case), each once, empty ones dropped. */
const ruleValues = v.pipe(
  v.array(v.pipe(v.string(RULE_LIST_TEXT), v.maxLength(100, RULE_LIST_TEXT), v.check(isCleanLine, RULE_LIST_TEXT)), RULE_LIST_TEXT),
  v.transform((list) => [...new Set(list.map((value) => value.trim().toLowerCase()).filter(Boolean))]),
  v.maxLength(MAX_RULE_VALUES, RULE_LIST_TEXT),
);
/** One assignment rule; an empty criterion matches any lead. `id` keeps a rule's place in its turn. */
const assignmentRule = v.object(
  {
    id: v.optional(v.pipe(v.string(RULES_LIST_TEXT), v.regex(LEAD_ID, RULES_LIST_TEXT))),
    name: v.pipe(
      v.string(RULE_NAME_TEXT),
      v.transform((name) => name.replace(/\s+/g, ' ').trim()),
      v.minLength(1, RULE_NAME_TEXT),
      v.maxLength(80, RULE_NAME_TEXT),
      v.check(isCleanLine, CHARACTERS_TEXT),
    ),
    kinds: v.optional(v.array(v.picklist(LEAD_KIND_NAMES, `kinds must be among ${LEAD_KIND_NAMES.join(', ')}.`)), []),
    langs: v.optional(v.array(v.picklist(LANGS, `langs must be among ${LANGS.join(', ')}.`)), []),
    countries: v.optional(ruleValues, []),
    partners: v.optional(ruleValues, []),
    sources: v.optional(ruleValues, []),
    operators: v.pipe(
      v.array(v.pipe(v.string(RULE_OPERATORS_TEXT), v.regex(LEAD_ID, RULE_OPERATORS_TEXT)), RULE_OPERATORS_TEXT),
      v.transform((list) => [...new Set(list)]),
      v.minLength(1, RULE_OPERATORS_TEXT),
      v.maxLength(MAX_RULE_VALUES, RULE_OPERATORS_TEXT),
    ),
  },
  RULE_NAME_TEXT,
);

/** The body of each route that reads one, by its name in {@link AdminResponses}. */
export const ADMIN_BODIES = {
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
  'POST partners/:id/approve': body(
    v.object(
      {
        code: v.pipe(v.string(PARTNER_CODE_TEXT), v.trim(), v.regex(PARTNER_CODE, PARTNER_CODE_TEXT)),
        origins: v.optional(origins, []),
      },
      PARTNER_CODE_TEXT,
    ),
    PARTNER_CODES,
    true,
  ),
  'PATCH partners/:id': body(
    v.object(
      {
        code: v.optional(v.never("The code cannot change once given: partners' pages carry it.")),
        origins,
      },
      ORIGINS_TEXT,
    ),
    { ...PARTNER_CODES, code: 'partner-code-fixed' },
    true,
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
  'POST users': body(v.object({ email: v.pipe(v.string(EMAIL_TEXT), v.trim(), v.check(isEmail, EMAIL_TEXT)), role }, EMAIL_TEXT), {
    email: 'email',
    role: 'role',
  }),
  'PATCH users/:id': body(v.object({ role }, ROLE_TEXT), { role: 'role' }),
  'PATCH me': body(
    v.pipe(
      v.object({
        lang: v.optional(v.picklist(LANGS, `lang must be ${LANGS.join(' or ')}.`)),
        /** null: the company's. */
        timeZone: v.optional(v.nullable(timeZone)),
        /** null: no morning e-mail. */
        morningHour: v.optional(
          v.nullable(v.pipe(v.number(MORNING_TEXT), v.integer(MORNING_TEXT), v.minValue(0, MORNING_TEXT), v.maxValue(23, MORNING_TEXT))),
        ),
      }),
      v.check((change) => Object.keys(change).length > 0, 'Send lang, timeZone or morningHour.'),
    ),
    { lang: 'lang', timeZone: 'time-zone', morningHour: 'morning-hour' },
  ),
  'PUT company': body(v.object({ timeZone }, TIME_ZONE_TEXT), { timeZone: 'time-zone' }),
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
  'POST session': body(v.object({ email: given(300), password: given(200) })),
  /** The link's token and the new password (the policy's refusal is the API's: it needs the account). */
  'POST password': body(v.object({ token: given(101), password: given(201) })),
  /** The current password (given(200): as sign-in reads it) and the new one. */
  'POST account/password': body(v.object({ current: given(200), password: given(201) })),
  /** The rules given replace those kinds'. */
  'PUT notifications': {
    schema: v.object(
      {
        rules: v.pipe(
          v.array(
            v.variant('kind', LEAD_KIND_NAMES.map(notificationRule), `Each rule needs a kind: ${LEAD_KIND_NAMES.join(', ')}.`),
            RULES_TEXT,
          ),
          v.maxLength(LEAD_KIND_NAMES.length, RULES_TEXT),
          v.check((rules) => new Set(rules.map((rule) => rule.kind)).size === rules.length, 'One rule per kind.'),
        ),
      },
      RULES_TEXT,
    ),
    codes: {
      rules: 'rules',
      'rules.kind': 'kind',
      'rules.recipients': 'recipients',
      'rules.recipients.max_length': 'too-many',
      'rules.recipients.check': 'invalid',
      'rules.mode': 'mode',
      'rules.lang': 'lang',
      'rules.partnerCopy': 'partnerCopy',
    },
    extra: (issue, code): NotificationRefusal => {
      // The path is rules, the rule's index, its member: the rule is the second step's value.
      const kind = (issue.path?.[1]?.value as { kind?: unknown } | undefined)?.kind;
      return {
        ...(code !== 'kind' && LEAD_KIND_NAMES.includes(kind as LeadKindName) ? { kind: kind as LeadKindName } : {}),
        ...(code === 'invalid' ? { addresses: badAddresses(issue.input as string[]) } : {}),
      };
    },
  },
  /** A spreadsheet endpoint takes lead.created only: the API checks that pair (a change's, with the stored endpoint). */
  'POST webhooks': body(
    // A missing member is refused with its object's message.
    v.object(
      { url: webhookUrl, events: webhookEvents, format: v.optional(webhookFormat, 'standard') },
      'Send url and events (format if not standard).',
    ),
    WEBHOOK_CODES,
  ),
  /** Enabling clears a "disabled after failing". */
  'PATCH webhooks/:id': body(
    v.object({
      url: v.optional(webhookUrl),
      events: v.optional(webhookEvents),
      format: v.optional(webhookFormat),
      enabled: v.optional(v.boolean('enabled must be true or false.')),
    }),
    WEBHOOK_CODES,
  ),
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
  /** Opens a deal on the lead: in the first open stage unless `stageId` names another open one; the operator owns it unless `owner` says. */
  'POST leads/:id/deals': body(
    v.object(
      {
        title: v.optional(dealTitle, ''),
        stageId: v.optional(uuid('stageId')),
        amount,
        currency,
        closeDate,
        owner: v.optional(owner),
      },
      'Send amount, currency and closeDate (title, stageId and owner if wanted).',
    ),
    DEAL_CODES,
  ),
  /** Changes or moves a deal last read at `version` (409 `stale` when it changed since); a move to the lost stage needs `lostReason`. */
  'PATCH deals/:id': body(
    v.pipe(
      v.object({
        version: v.pipe(
          v.number('version must be the version read.'),
          v.integer('version must be the version read.'),
          v.minValue(1, 'version must be the version read.'),
        ),
        stageId: v.optional(uuid('stageId')),
        title: v.optional(dealTitle),
        amount: v.optional(amount),
        currency: v.optional(currency),
        closeDate: v.optional(closeDate),
        owner: v.optional(owner),
        lostReason: v.optional(v.picklist(LOST_REASONS, `lostReason must be one of ${LOST_REASONS.join(', ')}.`)),
        lostNote: v.optional(
          v.pipe(v.string(LOST_NOTE_TEXT), v.maxLength(DEAL_NOTE_LENGTH, LOST_NOTE_TEXT), v.trim(), v.check(isCleanText, CHARACTERS_TEXT)),
        ),
      }),
      v.check((change) => Object.keys(change).length > 1, 'Send version and what changes.'),
    ),
    DEAL_CODES,
  ),
  /** The whole pipeline in order: open stages (new ones without `id`), won and lost each once (their place is kept last). */
  'PUT deal-stages': body(
    v.object(
      {
        stages: v.pipe(
          v.array(
            v.object(
              {
                id: v.optional(uuid('id')),
                es: stageName,
                en: stageName,
                probability: v.pipe(
                  v.number(PROBABILITY_TEXT),
                  v.integer(PROBABILITY_TEXT),
                  v.minValue(0, PROBABILITY_TEXT),
                  v.maxValue(100, PROBABILITY_TEXT),
                ),
              },
              STAGE_NAME_TEXT,
            ),
            STAGES_TEXT,
          ),
          v.minLength(1, STAGES_TEXT),
          v.maxLength(MAX_DEAL_STAGES, STAGES_TEXT),
          v.check(
            (stages) => new Set(stages.flatMap((stage) => (stage.id ? [stage.id] : []))).size === stages.filter((stage) => stage.id).length,
            'Each stage once.',
          ),
        ),
      },
      STAGES_TEXT,
    ),
    {
      stages: 'stages',
      'stages.id': 'stage',
      'stages.es': 'stage-name',
      'stages.en': 'stage-name',
      'stages.es.check': 'characters',
      'stages.en.check': 'characters',
      'stages.probability': 'probability',
    },
  ),
  /** Conversations (issue 40): templates (admins), e-mails, WhatsApp messages and activities on a lead. */
  'POST templates': body(messageTemplate, TEMPLATE_CODES),
  'PUT templates/:id': body(messageTemplate, TEMPLATE_CODES),
  'POST leads/:id/email': body(
    v.object({ subject: messageText('subject'), body: messageText('body'), template: MESSAGE_TEMPLATE }, MESSAGE_TEXT),
    MESSAGE_CODES,
  ),
  'POST leads/:id/whatsapp': body(v.object({ text: messageText('body'), template: MESSAGE_TEMPLATE }, MESSAGE_TEXT), MESSAGE_CODES),
  'POST leads/:id/activities': body(
    v.pipe(
      v.object(
        {
          type: v.picklist(ACTIVITY_TYPES, ACTIVITY_TYPE_TEXT),
          outcome: v.string(OUTCOME_TEXT),
          at: v.pipe(
            v.string(ACTIVITY_AT),
            v.regex(/(Z|[+-]\d\d:?\d\d)$/, ACTIVITY_AT),
            v.transform((at) => new Date(at)),
            v.check((time) => !Number.isNaN(time.getTime()) && time.getUTCFullYear() >= 2000, ACTIVITY_AT),
            v.transform((time) => time.toISOString()),
          ),
          note: v.optional(
            v.pipe(
              v.string(ACTIVITY_NOTE),
              v.maxLength(CONVERSATION_LIMITS.note, ACTIVITY_NOTE),
              v.trim(),
              v.check(isCleanText, CHARACTERS_TEXT),
            ),
            '',
          ),
        },
        ACTIVITY_TYPE_TEXT,
      ),
      v.forward(
        v.check(({ type, outcome }) => (ACTIVITY_OUTCOMES[type] as readonly string[]).includes(outcome), OUTCOME_TEXT),
        ['outcome'],
      ),
    ),
    { type: 'type', outcome: 'outcome', at: 'at', note: 'note', 'note.check': 'characters' },
  ),
  // Tasks and assignment rules (issue 40).
  'POST leads/:id/tasks': body(
    v.object(
      {
        type: v.picklist(TASK_TYPES, TASK_TYPE_TEXT),
        due: timeWithOffset(TASK_DUE_TEXT),
        note: v.optional(
          v.pipe(
            v.string(TASK_NOTE_TEXT),
            v.maxLength(FOLLOW_UP_NOTE_LENGTH, TASK_NOTE_TEXT),
            v.trim(),
            v.check(isCleanText, CHARACTERS_TEXT),
          ),
          '',
        ),
        /** Absent: the lead's assignee, else the operator who adds it. */
        assignee: v.optional(assignee),
      },
      TASK_TYPE_TEXT,
    ),
    { type: 'task-type', due: 'task-due', note: 'task-note', 'note.check': 'characters', assignee: 'assignee' },
  ),
  'PATCH tasks/:id': body(v.object({ done: v.boolean('done must be true or false.') }, 'Send {done}.'), { done: 'done' }),
  'PUT assignment-rules': body(
    v.object(
      { rules: v.pipe(v.array(assignmentRule, RULES_LIST_TEXT), v.maxLength(MAX_ASSIGNMENT_RULES, RULES_LIST_TEXT)) },
      RULES_LIST_TEXT,
    ),
    {
      rules: 'rules',
      'rules.name': 'rule-name',
      'rules.name.check': 'characters',
      'rules.kinds': 'rule-kinds',
      'rules.langs': 'rule-langs',
      'rules.countries': 'rule-list',
      'rules.partners': 'rule-list',
      'rules.sources': 'rule-list',
      'rules.operators': 'rule-operators',
      'rules.id': 'rules',
    },
  ),
} satisfies { [K in AdminRoute]?: AdminBody };

/**
 * The bodies the API reads by hand, each for its reason: signing out takes any body, or none (a
 * sign-out should never fail on its body).
 */
interface AdminLooseBodies {
  'POST sign-out': { everywhere?: boolean };
}

/** The routes that read a body. */
export type AdminBodyRoute = keyof typeof ADMIN_BODIES;
/** What the console sends to route `K`. */
export type AdminRequest<K extends AdminRoute> = K extends AdminBodyRoute
  ? v.InferInput<(typeof ADMIN_BODIES)[K]['schema']>
  : K extends keyof AdminLooseBodies
    ? AdminLooseBodies[K]
    : undefined;
/** The body of route `K` once the API has checked it. */
export type AdminChecked<K extends AdminBodyRoute> = v.InferOutput<(typeof ADMIN_BODIES)[K]['schema']>;

/** What a refusal of route `K`'s body carries beside its English `errorMessage`: its code, the member a form marks, and the route's `extra` members. */
export type AdminRefusal<K extends AdminBodyRoute> = {
  code?: string;
  errors?: Record<string, string>;
} & ((typeof ADMIN_BODIES)[K] extends {
  extra: (...args: never[]) => infer X;
}
  ? X
  : unknown);

/** What a body check gives: the checked body, or the refusal's English message and its members (`code`, `errors`, extra ones). */
export type AdminBodyCheck<K extends AdminBodyRoute> =
  { ok: true; body: AdminChecked<K> } | { ok: false; message: string; details: AdminRefusal<K> };

/**
 * Checks `value` as route `route`'s body: the first refusal wins, with the code of its deepest
 * member that has one (`rules.mode` before `rules`, see {@link AdminBody}).
 */
export function checkAdminBody<K extends AdminBodyRoute>(route: K, value: unknown): AdminBodyCheck<K> {
  const checked = checkWith<AdminChecked<K>, AdminRefusal<K>>(ADMIN_BODIES[route], value);
  return checked.ok ? { ok: true, body: checked.value } : checked;
}

/** A choice's name in each language (a lead's field, a kind). */
type Labels = Record<Lang, string>;

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

/** Counts per status of a list's filter (its status aside). */
export type StatusCounts<S extends string> = Record<S, number>;

/** A keyset page of a list: `next` is the `after` of the following page, null on the last. */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}

/** A lead's attribution (migrations 050 and 070): text columns, and whether the embedding site was approved; every value null for older leads. */
export type LeadAttribution = Record<
  'page_url' | 'referrer' | UtmKey | 'partner_code' | 'partner_claim' | 'widget' | 'widget_version' | 'embed_origin',
  string | null
> & { embed_approved: boolean | null };

/** What a partner's changes write on its registration's timeline. */
export type PartnerEvent = 'partner.approved' | 'partner.origins' | 'partner.suspended' | 'partner.reinstated';

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

/** An order as the list gives it. */
export interface OrderItem {
  id: string;
  created_at: ApiTime;
  provider: (typeof ORDER_PROVIDERS)[number];
  slug: string;
  product: string;
  /** Minor units (19900 = 199.00). */
  amount: number;
  currency: string;
  lang: string;
  /** One of PAYMENT_STATUSES, or what the provider recorded that this list does not know. */
  payment_status: string;
  customer_email: string | null;
}

/** Everything the API records about an order. */
export interface OrderDetail extends OrderItem {
  event_id: string;
  session_id: string;
  /** What the checkout was created for, when the provider reported another amount. */
  expected_amount: number | null;
  expected_currency: string | null;
  mailed_at: ApiTime | null;
  /** The partner the sale counts for, or the code it claimed without counting (docs/partners/sites.md). */
  partner_code: string | null;
  partner_claim: string | null;
  /** Stripe's PaymentIntent, which refunds name (null for the test checkout and older orders). */
  payment_intent: string | null;
  /** Minor units refunded so far (0: none); `payment_status` is `refunded` once all of it is. */
  refunded_amount: number;
  refunded_at: ApiTime | null;
}

/** A partner: its account and its registration. */
export interface PartnerView {
  id: string;
  status: PartnerStatus;
  code: string | null;
  origins: string[];
  createdAt: ApiTime;
  approvedBy: string | null;
  approvedAt: ApiTime | null;
  suspendedBy: string | null;
  suspendedAt: ApiTime | null;
  registration: { nombre: string; correo: string; telefono: string; pais: string; especializacion: string; lang: string };
}

/** A site not approved that sent leads (docs/partners/sites.md). */
export interface UnapprovedSite {
  /** null: a page that sends no Origin (a sandboxed frame). */
  origin: string | null;
  leads: number;
  lastAt: ApiTime;
  /** The partner codes its leads claimed, and the partners those codes name. */
  claims: string[];
  partners: { id: string; code: string; status: PartnerStatus; name: string }[];
}

/** Where leads come from, as the dashboard counts them. */
export type OriginDimension = 'source' | 'partner' | 'campaign';

/** Every figure of the dashboard over its range of weeks (Monday to Sunday in the company's time zone). */
export interface DashboardFigures {
  timeZone: string;
  weeks: number;
  /** The first Monday, YYYY-MM-DD. */
  start: string;
  perWeek: { week: string; kind: LeadKindName; n: number }[];
  funnel: { received: number; contacted: number; qualified: number; won: number; lost: number };
  /** Leads per bucket of hours to first contact (CONTACT_BUCKET_HOURS, the last open-ended), and those still new. */
  contact: { buckets: number[]; waiting: number };
  origins: Record<OriginDimension, { top: { value: string; n: number }[]; others: number; none: number }>;
  /** Paid orders per week and currency; test orders only when {@link testOrders}. */
  orders: { week: string; currency: string; count: number; amount: number }[];
  /** Whether `orders` counts test orders (asked with test=1). */
  testOrders: boolean;
}

/** What a deal's changes write on its lead's timeline (detail: docs/operators/console.md#deals). */
export type DealEvent = 'deal.opened' | 'deal.changed' | 'deal.moved' | 'deal.won' | 'deal.lost';

/** A stage of the deals' pipeline, with how many deals are in it. */
export interface DealStage {
  id: string;
  outcome: DealOutcome;
  names: Labels;
  /** 0–100: what share of an open deal's amount the forecast counts. */
  probability: number;
  deals: number;
}

/** A deal as the board and its lead's page show it. */
export interface DealCard {
  id: string;
  lead_id: string;
  /** The lead's name. */
  name: string;
  kind: LeadKindName;
  stage_id: string;
  title: string;
  amount: number;
  currency: string;
  /** YYYY-MM-DD: expected, or the day it was won or lost. */
  close_date: string;
  owner: string | null;
  owner_email: string | null;
  lost_reason: LostReason | null;
  lost_note: string;
  version: number;
  stage_at: ApiTime;
}

/** A column of the board: its stage's count and totals per currency for the filter, and a keyset page of cards. */
export interface BoardColumn {
  stageId: string;
  count: number;
  totals: { currency: string; amount: number }[];
  items: DealCard[];
  next: string | null;
}

/** Won revenue by month of closing (the last 12) and open deals by expected close month (this and the next 11), per currency. */
export interface RevenueFigures {
  /** YYYY-MM-01 in the company's time zone. */
  month: string;
  won: { month: string; currency: string; amount: number; count: number }[];
  /** `weighted`: the amount times its stage's probability; a deal past its date counts in this month. */
  forecast: { month: string; currency: string; amount: number; weighted: number; count: number }[];
}

/** The signed-in operator. */
export interface Me {
  id: string;
  email: string;
  role: OperatorRole;
}

/** The signed-in operator's settings, and the company's time zone. */
export interface Settings {
  /** Chosen with their account; null until they switch language once. */
  lang: Lang | null;
  /** Their own time zone, else the company's: every time the console shows. */
  timeZone: string;
  /** Their own choice (null: the company's). */
  ownTimeZone: string | null;
  /** The local hour of their morning e-mail; null: none. */
  morningHour: number | null;
  companyTimeZone: string;
}

/** An operator as the users' list gives it. */
export interface OperatorItem {
  id: string;
  email: string;
  role: OperatorRole;
  /** Their password is set (their one-time link was used). */
  active: boolean;
  created_at: ApiTime;
}

/** A saved view: a name for the inbox's query string. */
export interface SavedView {
  id: string;
  name: string;
  query: string;
}

/** Who hears of one kind of lead, and how. */
export interface NotificationRule {
  kind: LeadKindName;
  recipients: string[];
  mode: NotificationMode;
  lang: Lang;
  /** Also a copy to the approved partner whose site the lead came from. */
  partnerCopy: boolean;
}

/** A new-lead notice or digest as the latest mails list it. */
export interface NotificationMail {
  id: string;
  created_at: ApiTime;
  recipient: string;
  sent_at: ApiTime | null;
  /** The last failure while it is retried. */
  error: string | null;
  /** A digest's day; null for one lead's notice. */
  digest_day: ApiTime | null;
  to_partner: boolean;
  /** The lead's kind and name; null for a digest, or once the lead is deleted. */
  kind: LeadKindName | null;
  name: string | null;
  lead_id: string | null;
}

/** A webhook endpoint, with its signing secret. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  secret: string;
  enabled: boolean;
  /** Why it is disabled: by an admin, or by the API after it kept failing. */
  disabledReason: 'failing' | 'admin' | null;
  disabledAt: ApiTime | null;
  /** Its first failure of the current run of failures. */
  failingSince: ApiTime | null;
  createdAt: ApiTime;
}

/** One event's delivery to one endpoint, as the log gives it. */
export interface WebhookDelivery {
  id: string;
  eventId: string;
  /** A WebhookEvent, or webhook.test. */
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: ApiTime;
  lastAttemptAt: ApiTime | null;
  /** The next attempt of a pending delivery. */
  nextAt: ApiTime | null;
  deliveredAt: ApiTime | null;
  /** The receiver's last HTTP status, and the start of its answer or the error. */
  lastStatus: number | null;
  answer: string | null;
}

/** A task on a lead (issue 40). */
export interface LeadTask {
  id: string;
  type: TaskType;
  due_at: ApiTime;
  assignee: string | null;
  assignee_email: string | null;
  note: string;
  done_at: ApiTime | null;
}

/** An open task of the operator's, with its lead. */
export interface MyTask extends Omit<LeadTask, 'assignee' | 'assignee_email' | 'done_at'> {
  lead_id: string;
  lead_name: string;
  lead_kind: LeadKindName;
}

/** An assignment rule as the API gives it: each criterion a list, empty for any. */
export interface AssignmentRule {
  id: string;
  name: string;
  kinds: LeadKindName[];
  langs: Lang[];
  countries: string[];
  partners: string[];
  sources: string[];
  /** One: every lead to them; several: in turn. */
  operators: string[];
}

/**
 * Each route's answer, by 'METHOD path' (`:id`: the path's id). `undefined`: 204, or a file the
 * console links to rather than reads.
 */
export interface AdminResponses {
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
  /** `?weeks=` one of DASHBOARD_WEEKS. */
  'GET dashboard': DashboardFigures;
  'GET leads/:id': LeadDetail;
  'PATCH leads/:id': undefined;
  'DELETE leads/:id': undefined;
  'POST leads/:id/notes': { ok: true };
  'POST leads/:id/resend': { ok: true };
  'GET leads/:id/report.pdf': undefined;
  'GET export.csv': undefined;
  'GET orders': KeysetPage<OrderItem> & {
    counts: StatusCounts<PaymentStatus>;
    countsCapped: boolean;
    /** The product filter's choices. */
    products: { slug: string; name: string }[];
  };
  'GET orders/:id': OrderDetail;
  'GET orders.csv': undefined;
  /** 50 a page (`?page=`), pending first. */
  'GET partners': { partners: PartnerView[]; more: boolean; counts: StatusCounts<PartnerStatus> };
  'GET partners/:id': PartnerView & { suggestedCode: string | null };
  'PATCH partners/:id': PartnerView;
  'POST partners/:id/approve': PartnerView;
  'POST partners/:id/suspend': PartnerView;
  'POST partners/:id/reinstate': PartnerView;
  'GET sites': { sites: UnapprovedSite[] };
  'POST session': { user: Me; csrf: string };
  'GET session': { user: Me; csrf: string; settings: Settings };
  'POST sign-out': undefined;
  'POST password': undefined;
  'POST account/password': undefined;
  'PATCH me': undefined;
  'PUT company': undefined;
  'GET users': { users: OperatorItem[] };
  /** The account and its one-time link (201). */
  'POST users': { id: string; link: string };
  'PATCH users/:id': undefined;
  'DELETE users/:id': undefined;
  'GET views': { views: SavedView[] };
  'POST views': SavedView;
  'DELETE views/:id': undefined;
  /** A rule per kind (empty ones included), the digest's hour and the latest 20 mails; every operator reads them. */
  'GET notifications': { rules: NotificationRule[]; recent: NotificationMail[]; digestHour: number; maxRecipients: number };
  'PUT notifications': undefined;
  'GET webhooks': { endpoints: WebhookEndpoint[]; events: readonly WebhookEvent[]; formats: readonly WebhookFormat[] };
  /** 201. */
  'POST webhooks': { endpoint: WebhookEndpoint };
  'PATCH webhooks/:id': { endpoint: WebhookEndpoint };
  /** The endpoint and its log. */
  'DELETE webhooks/:id': undefined;
  /** The new secret, used from the next request on. */
  'POST webhooks/:id/rotate': { secret: string };
  /** 202: a webhook.test event to this endpoint only. */
  'POST webhooks/:id/test': { eventId: string };
  /** A lead's tasks: open ones by time, then those done. */
  'GET leads/:id/tasks': { tasks: LeadTask[] };
  /** 201. */
  'POST leads/:id/tasks': { task: LeadTask };
  'PATCH tasks/:id': undefined;
  /** The operator's open tasks by time (the overdue first), `?after=` a page's cursor, 50 a page. */
  'GET tasks': KeysetPage<MyTask>;
  /** Leads a rule gave the operator that they have not opened yet (the navigation badge). */
  'GET assignments': { unseen: number };
  /** Every operator reads the rules; admins change them. */
  'GET assignment-rules': { rules: AssignmentRule[]; operators: { id: string; email: string }[] };
  'PUT assignment-rules': undefined;
  /** `?after=`: newest first, 50 a page. */
  'GET webhooks/:id/deliveries': KeysetPage<WebhookDelivery>;
  /** 202: the same event (same webhook-id) again, now, with a fresh retry schedule. */
  'POST webhook-deliveries/:id/resend': { ok: true };
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
  /** Every stage in order; any operator reads them. */
  'GET deal-stages': { stages: DealStage[] };
  /** Admins only; 409 `stage-has-deals` when a stage left out still holds deals. */
  'PUT deal-stages': { stages: DealStage[] };
  /** `?owner&kind&country&partner&q`: a column per stage; `&stage=&after=`: that column's next page only. */
  /** `capped`: counts and totals stopped at a cap (a filter over many deals): each is "at least". */
  'GET board': { columns: BoardColumn[]; capped: boolean };
  'GET leads/:id/deals': { deals: DealCard[] };
  /** 201. */
  'POST leads/:id/deals': DealCard;
  'PATCH deals/:id': DealCard;
  'GET revenue': RevenueFigures;
  /** Conversations (issue 40): every operator reads the templates; admins change them. */
  'GET templates': { templates: MessageTemplate[] };
  /** 201. */
  'POST templates': { template: MessageTemplate };
  'PUT templates/:id': { template: MessageTemplate };
  'DELETE templates/:id': undefined;
  /** `?template=`: that template's text in the lead's language, filled; without it empty texts. */
  'GET leads/:id/compose': ComposedMessage;
  /** 202: queued to the lead's own address (the mail outbox sends it). */
  'POST leads/:id/email': { id: string };
  /** 201: recorded; `url` opens WhatsApp with the text. */
  'POST leads/:id/whatsapp': { url: string };
  /** 201. */
  'POST leads/:id/activities': { ok: true };
}

/** A route of the console's API. */
export type AdminRoute = keyof AdminResponses;

/** A message template (issue 40): its name, and its subject and text in each language. */
export interface MessageTemplate {
  id: string;
  name: string;
  es: { subject: string; body: string };
  en: { subject: string; body: string };
  updatedAt: ApiTime;
  updatedBy: string | null;
}

/** A message to a lead as the console shows it before sending: the template's text in the lead's language, its variables filled. */
export interface ComposedMessage {
  /** The lead's e-mail address, or null when it has none (no e-mail can be sent). */
  to: string | null;
  /** The lead's language, which picked the template's. */
  lang: Lang;
  /** wa.me's number (international, digits only), or null when the lead's phone is not a valid number. */
  whatsapp: string | null;
  subject: string;
  body: string;
}
