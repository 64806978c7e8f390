// A lead's conversations (issue 40): write it an e-mail (from a template or freely, its variables
// filled, previewed and edited before sending), open WhatsApp with a template's text in the lead's
// language, and log a call, site visit or meeting with its outcome. Each lands on the timeline,
// where ConversationText shows it.
import { useEffect, useState, type FormEvent } from 'react';
import {
  ACTIVITY_OUTCOMES,
  CONVERSATION_EVENTS,
  CONVERSATION_LIMITS,
  type ActivityType,
  type ConversationEvent,
} from '@obra/schema/console';
import type { ComposedMessage, LeadDetail, MessageTemplate } from '@obra/schema/admin-contract';
import { adminApi, type ApiError } from '../api.ts';
import { useT, type ConsoleKey } from '../i18n.ts';
import { useLangName } from '../lang-options.tsx';
import { errorText } from './errors.ts';
import { Feedback } from './feedback.tsx';
import { useText } from './use-action.ts';
import { fromZoned, toZoned } from './zoned-time.ts';
import { SelectField, TextAreaField, TextField } from './form-kit.tsx';

type Panel = 'email' | 'whatsapp' | ActivityType;
const ACTIVITIES = Object.keys(ACTIVITY_OUTCOMES) as ActivityType[];

/** The refusals this block explains in its own words, and the field each one is about. */
const CODES: Record<string, ConsoleKey> = {
  subject: 'consoleConversations.error.subject',
  body: 'consoleConversations.error.body',
  variable: 'consoleConversations.error.variable',
  'mail-cap': 'consoleConversations.error.cap',
  'no-email': 'consoleConversations.noEmail',
  'no-phone': 'consoleConversations.noPhone',
  spam: 'consoleConversations.error.spam',
  template: 'consoleConversations.error.template',
  at: 'consoleConversations.error.at',
  outcome: 'consoleConversations.error.outcome',
  note: 'consoleConversations.error.note',
};
const FIELD_OF: Record<string, string> = { subject: 'subject', body: 'body', variable: 'body', characters: 'body', at: 'at', note: 'note' };

/** Whether a timeline event is one of this block's. */
export const isConversation = <E extends { type: string }>(event: E): event is E & { type: ConversationEvent } =>
  (CONVERSATION_EVENTS as readonly string[]).includes(event.type);

/** A conversation event on the timeline: what was sent or logged, an e-mail's full text behind its subject. */
export function ConversationText({ type, detail }: { type: ConversationEvent; detail: string }) {
  const { t } = useT();
  const [first = '', ...rest] = detail.split('\n');
  const more = rest.join('\n');
  if (type === 'email' || type === 'whatsapp') {
    const title = type === 'email' ? t('consoleConversations.event.email', { subject: first }) : t('consoleConversations.event.whatsapp');
    const text = type === 'email' ? more : detail;
    return (
      <details className="message">
        <summary>{title}</summary>
        <p className="message-text">{text}</p>
      </details>
    );
  }
  const outcome = (ACTIVITY_OUTCOMES[type] as readonly string[]).includes(first)
    ? t(`consoleConversations.outcome.${first as 'done'}`)
    : first;
  return (
    <p>
      {t(`consoleConversations.event.${type}`, { outcome })}
      {more && <span className="message-text">{`\n${more}`}</span>}
    </p>
  );
}

/** The conversations block of `lead`; `onDone` reloads the lead (its timeline). */
export function Conversations({ lead, onDone }: { lead: LeadDetail; onDone: () => Promise<unknown> }) {
  const { t } = useT();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [templates, setTemplates] = useState<MessageTemplate[]>([]);
  const [error, setError] = useText();
  const [message, setMessage] = useText();
  const [field, setField] = useState('');
  useEffect(() => {
    void adminApi('GET templates').then(
      ({ templates }) => setTemplates(templates),
      (caught: ApiError) => setError((t) => errorText(t, caught)),
    );
  }, [setError]);
  /** Runs a call; on success says `done`, closes the panel and reloads the lead; on refusal marks its field. */
  const run = async (work: () => Promise<unknown>, done: ConsoleKey) => {
    setError('');
    setMessage('');
    setField('');
    try {
      await work();
      setMessage((t) => t(done));
      setPanel(null);
      await onDone();
      return true;
    } catch (caught) {
      fail(caught as ApiError);
      return false;
    }
  };
  const toggle = (next: Panel) => {
    setPanel(panel === next ? null : next);
    setError('');
    setField('');
  };
  const fail = (caught: ApiError) => {
    setField(FIELD_OF[caught.code ?? ''] ?? '');
    setError((t) => errorText(t, caught, CODES));
  };
  const shared = { lead, templates, run, fail, field };
  return (
    <section aria-labelledby="talk-title" className="conversations">
      <h2 id="talk-title">{t('consoleConversations.title')}</h2>
      <div className="talk-actions" role="group" aria-labelledby="talk-title">
        {(['email', 'whatsapp', ...ACTIVITIES] as Panel[]).map((one) => (
          <button key={one} type="button" aria-expanded={panel === one} aria-controls="talk-panel" onClick={() => toggle(one)}>
            {t(`consoleConversations.open.${one}`)}
          </button>
        ))}
      </div>
      <div id="talk-panel">
        {panel === 'email' && <EmailForm {...shared} />}
        {panel === 'whatsapp' && <WhatsAppForm {...shared} />}
        {panel && panel !== 'email' && panel !== 'whatsapp' && <ActivityForm key={panel} type={panel} {...shared} />}
      </div>
      <Feedback message={message} error={error} />
    </section>
  );
}

interface FormProps {
  lead: LeadDetail;
  templates: MessageTemplate[];
  run: (work: () => Promise<unknown>, done: ConsoleKey) => Promise<boolean>;
  /** Shows a refusal (and marks its field). */
  fail: (caught: ApiError) => void;
  /** The field the last refusal was about. */
  field: string;
}

/** The lead's message from `template` ('' none), filled in its language; reloaded when the template changes. */
function useComposed(lead: LeadDetail, template: string, fail: FormProps['fail']) {
  const [composed, setComposed] = useState<ComposedMessage | undefined>();
  useEffect(() => {
    void adminApi('GET leads/:id/compose', { id: lead.id, query: { template } }).then(setComposed, fail);
    // `fail` is new on every render; the message depends on the lead and the template only.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [lead.id, template]);
  return composed;
}

/** A template to start from: none (write freely) or one of the list. */
function TemplatePicker({
  id,
  templates,
  value,
  onChange,
}: {
  id: string;
  templates: MessageTemplate[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useT();
  return (
    <>
      <SelectField id={id} label={t('consoleConversations.template')} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('consoleConversations.noTemplate')}</option>
        {templates.map((one) => (
          <option key={one.id} value={one.id}>
            {one.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}

function EmailForm({ lead, templates, run, fail, field }: FormProps) {
  const { t } = useT();
  const langName = useLangName();
  const [template, setTemplate] = useState('');
  const composed = useComposed(lead, template, fail);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  // A template chosen replaces the texts with its own, filled; what was typed stays until then.
  useEffect(() => {
    if (!composed || !template) return;
    setSubject(composed.subject);
    setBody(composed.body);
  }, [composed, template]);
  if (!composed) return null;
  if (!composed.to) return <p>{t('consoleConversations.noEmail')}</p>;
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(
      () => adminApi('POST leads/:id/email', { id: lead.id, body: { subject, body, template: template || null } }),
      'consoleConversations.sent',
    );
  };
  return (
    <form onSubmit={send} className="compose" aria-label={t('consoleConversations.open.email')}>
      <TemplatePicker id="mail-template" templates={templates} value={template} onChange={setTemplate} />
      <p>
        {t('consoleConversations.to', { to: composed.to })} · {langName(composed.lang)}
      </p>
      <TextField
        id="mail-subject"
        label={t('consoleConversations.subject')}
        value={subject}
        onChange={(event) => setSubject(event.target.value)}
        maxLength={CONVERSATION_LIMITS.subject}
        required
        invalid={field === 'subject'}
      />
      <TextAreaField
        id="mail-body"
        label={t('consoleConversations.body')}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={10}
        maxLength={CONVERSATION_LIMITS.body}
        required
        invalid={field === 'body'}
      />
      <p className="hint">{t('consoleConversations.variablesHint')}</p>
      <h3 id="mail-preview-title">{t('consoleConversations.preview')}</h3>
      <div className="mail-preview" aria-labelledby="mail-preview-title">
        <p>
          <strong>{subject}</strong>
        </p>
        <p className="message-text">{body}</p>
      </div>
      <button type="submit" className="primary">
        {t('consoleConversations.send')}
      </button>
    </form>
  );
}

function WhatsAppForm({ lead, templates, run, fail, field }: FormProps) {
  const { t } = useT();
  const langName = useLangName();
  const [template, setTemplate] = useState('');
  const composed = useComposed(lead, template, fail);
  const [text, setText] = useState('');
  useEffect(() => {
    if (composed && template) setText(composed.body);
  }, [composed, template]);
  if (!composed) return null;
  if (!composed.whatsapp) return <p>{t('consoleConversations.noPhone')}</p>;
  const url = `https://wa.me/${composed.whatsapp}?text=${encodeURIComponent(text)}`;
  return (
    <form className="compose" aria-label={t('consoleConversations.open.whatsapp')} onSubmit={(event) => event.preventDefault()}>
      <TemplatePicker id="wa-template" templates={templates} value={template} onChange={setTemplate} />
      <p>{langName(composed.lang)}</p>
      <TextAreaField
        id="wa-text"
        label={t('consoleConversations.body')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={6}
        maxLength={CONVERSATION_LIMITS.body}
        invalid={field === 'body'}
      />
      {/* The link opens WhatsApp; the click records the message on the timeline. */}
      <a
        className="button primary"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-disabled={!text.trim()}
        onClick={(event) => {
          if (!text.trim()) return event.preventDefault();
          void run(
            () => adminApi('POST leads/:id/whatsapp', { id: lead.id, body: { text, template: template || null } }),
            'consoleConversations.whatsappDone',
          );
        }}
      >
        {t('consoleConversations.openWhatsApp')}
      </a>
    </form>
  );
}

function ActivityForm({ lead, run, fail, type, field }: FormProps & { type: ActivityType }) {
  const { t, zone = 'UTC' } = useT();
  const outcomes = ACTIVITY_OUTCOMES[type];
  const [outcome, setOutcome] = useState<string>(outcomes[0]);
  // Now, to the minute; left as it is, the instant of saving is sent (a call just logged comes after what happened before it).
  const [initial] = useState(() => toZoned(new Date(), zone));
  const [at, setAt] = useState(initial);
  const [note, setNote] = useState('');
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const when = at === initial ? new Date().toISOString() : fromZoned(at, zone);
    if (!when) return fail({ code: 'at', status: 400 } as ApiError);
    void run(
      () => adminApi('POST leads/:id/activities', { id: lead.id, body: { type, outcome, at: when, note } }),
      'consoleConversations.logged',
    );
  };
  return (
    <form onSubmit={save} className="compose" aria-label={t(`consoleConversations.open.${type}`)}>
      <fieldset className="choices">
        <legend>{t('consoleConversations.outcomeLabel')}</legend>
        {outcomes.map((one) => (
          <label key={one} className="choice">
            <input type="radio" name="outcome" value={one} checked={outcome === one} onChange={() => setOutcome(one)} />
            {t(`consoleConversations.outcome.${one}`)}
          </label>
        ))}
      </fieldset>
      <TextField
        id="activity-at"
        label={t('consoleConversations.when', { zone })}
        type="datetime-local"
        required
        value={at}
        onChange={(event) => setAt(event.target.value)}
        invalid={field === 'at'}
      />
      <TextAreaField
        id="activity-note"
        label={t('consoleConversations.note')}
        rows={3}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={CONVERSATION_LIMITS.note}
        invalid={field === 'note'}
      />
      <button type="submit" className="primary">
        {t('consoleConversations.log')}
      </button>
    </form>
  );
}
