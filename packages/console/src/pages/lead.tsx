// A lead's page: its fields with readable labels, the design report (image, PDF, mail state,
// resend), status and assignee, notes, the timeline, and deletion (admins).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { LEAD_STATUSES, type LeadStatus } from '@obra/schema/console';
import type { AdminRequest, LeadDetail, OperatorItem } from '@obra/schema/admin-contract';
import { adminApi, adminUrl, type ApiError, type Me } from '../api.ts';
import { link, navigate } from '../url-state.ts';
import { useT } from '../i18n.ts';
import { useLangName } from '../lang-options.tsx';
import { langOr } from '@obra/i18n';
import { EmailLink, PhoneLinks } from './contact-links.tsx';
import { errorText } from './errors.ts';
import { FollowUp } from './follow-up.tsx';
import { Origin } from './origin.tsx';
import { useAction } from './use-action.ts';
import { when } from './format.ts';
import { EstimateSection } from './lead-estimate.tsx';
import { formText } from './form-text.ts';
import { Feedback } from './feedback.tsx';
import { useEventText } from './timeline-text.ts';
import { PersonSection } from './person.tsx';
import { LeadDeals } from './deals-lead.tsx';
import { ConversationText, Conversations, isConversation } from './conversations.tsx';
import { LeadTasks } from './lead-tasks.tsx';
import { ErrorText, SelectField, TextAreaField } from './form-kit.tsx';

const STATUSES = LEAD_STATUSES;
/** The page of lead `id`. */
export function LeadPage({ id, me }: { id: string; me: Me }) {
  const { t, lang, zone } = useT();
  const langName = useLangName();
  const eventText = useEventText();
  const [lead, setLead] = useState<LeadDetail | undefined>();
  // The operators to assign to; the lead's form waits for them (a select drawn before its options
  // showed "Nobody" for an assigned lead, and saving it would have unassigned the lead).
  const [users, setUsers] = useState<OperatorItem[] | undefined>();
  const [confirming, setConfirming] = useState(false);
  const {
    run: act,
    error,
    setError,
    message,
    setMessage,
  } = useAction(() => load(), {
    note: 'console.error.note',
    'mail-cap': 'console.lead.mailCap',
  });
  const load = useCallback(
    () => adminApi('GET leads/:id', { id }).then(setLead, (caught: ApiError) => setError((t) => errorText(t, caught))),
    [id, setError],
  );
  useEffect(() => {
    void load();
    void adminApi('GET users').then(
      ({ users }) => setUsers(users),
      (caught: ApiError) => setError((t) => errorText(t, caught)),
    );
  }, [load, setError]);

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: AdminRequest<'PATCH leads/:id'> = {};
    if (data.get('status') !== lead?.status) body.status = formText(data, 'status') as LeadStatus;
    if ((data.get('assignee') || null) !== lead?.assignee) body.assignee = formText(data, 'assignee') || null;
    if (!Object.keys(body).length) return setMessage((t) => t('console.lead.saved'));
    void act(() => adminApi('PATCH leads/:id', { id, body }), 'console.lead.saved');
  };
  const note = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = formText(new FormData(form), 'note');
    void act(() => adminApi('POST leads/:id/notes', { id, body: { text } }).then(() => form.reset()), 'console.lead.saved');
  };
  const remove = async () => {
    try {
      await adminApi('DELETE leads/:id', { id });
      navigate('/admin/leads', { replace: true });
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError));
    }
  };

  if (!lead) return error ? <ErrorText>{error}</ErrorText> : <p role="status">{t('console.inbox.loading')}</p>;
  const name = lead.fields.find((f) => f.name === 'nombre' || f.name === 'name')?.value ?? '';

  return (
    <article aria-labelledby="lead-title">
      <p>
        <a
          href="/admin/leads"
          className="back-link"
          onClick={(e) => {
            if (history.length > 1 && history.state === null) {
              e.preventDefault();
              history.back();
            } else link('/admin/leads')(e);
          }}
        >
          {t('console.lead.back')}
        </a>
      </p>
      <h1 id="lead-title">
        {name} <span className="kind">{t(`console.kind.${lead.kind}`)}</span>
      </h1>
      <p>
        <span className={`badge ${lead.status}`}>{t(`console.status.${lead.status}`)}</span>{' '}
        <time dateTime={lead.created_at}>{when(lead.created_at, lang, zone)}</time> · {langName(langOr(lead.lang))}
      </p>
      {lead.kind === 'partner' && lead.status !== 'spam' && (
        <p>
          <a href={`/admin/partners/${lead.id}`} onClick={link(`/admin/partners/${lead.id}`)}>
            {t('consolePartners.page.open')}
          </a>
        </p>
      )}
      {lead.spamReason && <p className="warning">{t('console.lead.spamReason', { reason: lead.spamReason })}</p>}
      <Feedback message={message} error={error} />
      <div className="columns lead-columns">
        <section aria-labelledby="fields-title">
          <h2 id="fields-title">{t('console.lead.fields')}</h2>
          <dl className="fields">
            {lead.fields.map((field) => (
              <div key={field.name}>
                <dt>{t(`console.field.${field.name as 'nombre'}`)}</dt>
                <dd>
                  {field.name === 'correo' || field.name === 'email' ? (
                    <EmailLink email={field.value} />
                  ) : field.name === 'telefono' ? (
                    <PhoneLinks phone={field.value} international={lead.phoneInternational} name={name} />
                  ) : (
                    (field.labels?.[lang] ?? (field.value || '—'))
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <PersonSection lead={lead.id} me={me} onChange={load} />
          <Origin attribution={lead.attribution} />
          {lead.kind === 'report' && <EstimateSection estimate={lead.estimate} valueUsd={lead.value_usd} />}
          {lead.report && (
            <section aria-labelledby="report-title">
              <h2 id="report-title">{t('console.lead.report')}</h2>
              {lead.report.image ? (
                <img className="design" src={lead.report.image} alt={t('console.lead.image')} width={768} height={512} />
              ) : (
                <p>{t('console.lead.noImage')}</p>
              )}
              <p>
                <a className="button" href={adminUrl('GET leads/:id/report.pdf', { id: lead.id, query: { lang } })} download>
                  {t('console.lead.pdf')}
                </a>
              </p>
              <h3>{t('console.lead.mail')}</h3>
              <dl className="fields">
                <div>
                  <dt>{t('console.inbox.status')}</dt>
                  <dd>{t(`console.lead.mailStatus.${lead.report.mailStatus}`)}</dd>
                </div>
                {lead.report.mailedAt && (
                  <div>
                    <dt>{t('console.lead.mailedAt')}</dt>
                    <dd>{when(lead.report.mailedAt, lang, zone)}</dd>
                  </div>
                )}
                <div>
                  <dt>{t('console.lead.attempts')}</dt>
                  <dd>{lead.report.attempts}</dd>
                </div>
                {lead.report.error && (
                  <div>
                    <dt>{t('console.lead.mailError')}</dt>
                    <dd>{lead.report.error}</dd>
                  </div>
                )}
              </dl>
              <button type="button" onClick={() => void act(() => adminApi('POST leads/:id/resend', { id }), 'console.lead.resent')}>
                {t('console.lead.resend')}
              </button>
            </section>
          )}
        </section>
        <section aria-labelledby="work-title">
          <h2 id="work-title">{t('console.lead.work')}</h2>
          {users && (
            <form onSubmit={save} key={`${lead.status}-${lead.assignee}`}>
              <SelectField id="lead-status" label={t('console.lead.status')} name="status" defaultValue={lead.status}>
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`console.status.${status}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField id="lead-assignee" label={t('console.lead.assignee')} name="assignee" defaultValue={lead.assignee ?? ''}>
                <option value="">{t('console.lead.nobody')}</option>
                {users.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.email}
                  </option>
                ))}
              </SelectField>
              <button type="submit" className="primary">
                {t('console.lead.save')}
              </button>
            </form>
          )}
          {users && <LeadDeals lead={lead} users={users} me={me} onChange={() => void load()} />}
          <FollowUp
            key={`${lead.follow_up_at}-${lead.follow_up_note}`}
            id={lead.id}
            at={lead.follow_up_at}
            note={lead.follow_up_note}
            assigned={lead.assignee !== null}
            act={act}
            setError={setError}
          />
          {users && <LeadTasks id={lead.id} assignee={lead.assignee} users={users} me={me} act={act} setError={setError} />}
          <Conversations lead={lead} onDone={load} />
          {me.role === 'admin' && (
            <div className="danger">
              {confirming ? (
                <div role="group" aria-labelledby="delete-question">
                  <p id="delete-question">{t('console.lead.deleteConfirm')}</p>
                  <button type="button" className="destructive" onClick={() => void remove()}>
                    {t('console.lead.deleteYes')}
                  </button>
                  <button type="button" onClick={() => setConfirming(false)}>
                    {t('console.lead.deleteNo')}
                  </button>
                </div>
              ) : (
                <button type="button" className="destructive" onClick={() => setConfirming(true)}>
                  {t('console.lead.delete')}
                </button>
              )}
            </div>
          )}
        </section>
        {/* The history, with the note that adds to it, under the lead's fields: the wider column
            on a desktop (the work column beside it is long); last on a phone. */}
        <section aria-labelledby="timeline-title" className="lead-history">
          <h2 id="timeline-title">{t('console.lead.timeline')}</h2>
          <form onSubmit={note}>
            <TextAreaField id="lead-note" label={t('console.lead.note')} name="note" rows={3} maxLength={2000} required />
            <button type="submit">{t('console.lead.addNote')}</button>
          </form>
          <ol className="timeline" aria-labelledby="timeline-title">
            {lead.timeline.map((event) => (
              <li key={event.id}>
                <time dateTime={String(event.at)}>{when(event.at, lang, zone)}</time> · {event.actor ?? t('console.lead.system')}
                {isConversation(event) ? (
                  <ConversationText type={event.type} detail={event.detail} />
                ) : (
                  <p>{eventText(event, lead.kind)}</p>
                )}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}
