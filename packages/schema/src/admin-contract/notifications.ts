// The console's contract for notifications: who hears of each kind of lead, and how.
import * as v from 'valibot';
import { LEAD_KIND_NAMES, type LeadKindName } from '../console.ts';
import { LANGS, type Lang } from '../lang.ts';
import { isEmail } from '../validate.ts';
import type { AdminBody } from './check.ts';
import type { ApiTime } from './common.ts';

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

/** A refusal of PUT notifications: the kind of the rule refused, and which addresses are not valid. */
interface NotificationRefusal {
  kind?: LeadKindName;
  addresses?: string[];
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

/** The answer of each route of notifications, by 'METHOD path' (AdminResponses). */
export interface NotificationRoutes {
  /** A rule per kind (empty ones included), the digest's hour and the latest 20 mails; every operator reads them. */
  'GET notifications': { rules: NotificationRule[]; recent: NotificationMail[]; digestHour: number; maxRecipients: number };
  'PUT notifications': undefined;
}

/** The body of each route of notifications that reads one (ADMIN_BODIES). */
export const NOTIFICATION_BODIES = {
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
} satisfies { [K in keyof NotificationRoutes]?: AdminBody };
