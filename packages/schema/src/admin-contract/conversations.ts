// The console's contract for conversations (issue 40): message templates, a message composed
// from one, e-mails, WhatsApp messages and activities on a lead.
import * as v from 'valibot';
import { ACTIVITY_OUTCOMES, CONVERSATION_LIMITS, TEMPLATE_VARIABLES } from '../console.ts';
import { LANGS, perLang, type Lang } from '../lang.ts';
import { isCleanLine, isCleanText } from '../validate.ts';
import type { AdminBody } from './check.ts';
import { type ApiTime, CHARACTERS_TEXT, LEAD_ID, body } from './common.ts';

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
const TEMPLATE_TEXT = `Send name and, for each language (${LANGS.join(', ')}), {subject, body}.`;
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
    ...perLang(() => templateLanguage),
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
/** A template's subject and text in one language. */
export interface TemplateText {
  subject: string;
  body: string;
}

/** A message template (issue 40): its name, and its subject and text in each language. */
export interface MessageTemplate extends Record<Lang, TemplateText> {
  id: string;
  name: string;
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

/** The answer of each route of conversations, by 'METHOD path' (AdminResponses). */
export interface ConversationRoutes {
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

/** The body of each route of conversations that reads one (ADMIN_BODIES). */
export const CONVERSATION_BODIES = {
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
} satisfies { [K in keyof ConversationRoutes]?: AdminBody };
