// A partner's page: its registration, its code and allowed origins (admins approve, suspend and
// reinstate, each after a confirmation, and save the origins at once), the embed code of every widget with
// its code, and a link to the leads its pages brought.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { AdminResponses } from '@obra/schema/admin-contract';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { link, routeUrl } from '../url-state.ts';
import { useT, type ConsoleKey } from '../i18n.ts';
import { langOr } from '@obra/i18n';
import { errorText } from './errors.ts';
import { when } from './format.ts';
import { specialityName } from './partners.tsx';
import { Snippets } from './partner-snippets.tsx';
import { useText, type Text } from './use-action.ts';
import { Feedback } from './feedback.tsx';
import { ErrorText, TextAreaField, TextField } from './form-kit.tsx';

type Action = 'approve' | 'suspend' | 'reinstate';
/** A refusal of one field, kept as what to say (see useText). */
type FieldError = { field: 'code' | 'origins'; text: Exclude<Text, string> } | undefined;

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The page of partner `id`. */
export function PartnerPage({ id, me }: { id: string; me: Me }) {
  const { t, lang, zone } = useT();
  const [partner, setPartner] = useState<AdminResponses['GET partners/:id'] | undefined>();
  const [error, setError] = useText();
  const [fieldError, setFieldError] = useState<FieldError>();
  const [message, setMessage] = useText();
  const [confirming, setConfirming] = useState<Action | undefined>();
  const [code, setCode] = useState('');
  const [origins, setOrigins] = useState('');
  const confirmRef = useRef<HTMLDivElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  const load = useCallback(
    () =>
      adminApi('GET partners/:id', { id }).then(
        (loaded) => {
          setPartner(loaded);
          setCode(loaded.code ?? loaded.suggestedCode ?? '');
          // A site not approved, brought here from the partners' list (?origin=): added to the box, saved by the admin.
          const adding = new URLSearchParams(location.search).get('origin');
          const added = adding && !loaded.origins.includes(adding) ? adding : '';
          setOrigins([...loaded.origins, ...(added ? [added] : [])].join('\n'));
          if (added) setMessage((t) => t('consolePartners.page.originAdded', { origin: added }));
          if (adding) history.replaceState(history.state, '', location.pathname);
        },
        (caught: ApiError) => setError((t) => errorText(t, caught)),
      ),
    [id, setError, setMessage],
  );
  useEffect(() => void load(), [load]);
  // The confirmation replaces the buttons that asked for it: keyboard focus moves into it, and back when it closes.
  useEffect(() => {
    if (confirming) confirmRef.current?.querySelector('button')?.focus();
    else if (asked.current) actionsRef.current?.querySelector('button')?.focus();
    asked.current = Boolean(confirming);
  }, [confirming]);

  const refused = (caught: ApiError) => {
    const value = typeof caught.details.value === 'string' ? caught.details.value : '';
    const byCode: Record<string, FieldError> = {
      'partner-code': { field: 'code', text: (t) => t('consolePartners.error.code') },
      'partner-code-taken': { field: 'code', text: (t) => t('consolePartners.error.codeTaken') },
      'partner-origin': { field: 'origins', text: (t) => t('consolePartners.error.origin', { value }) },
      'partner-origins': { field: 'origins', text: (t) => t('consolePartners.error.origin', { value }) },
      'partner-origins-many': { field: 'origins', text: (t) => t('consolePartners.error.originsMany') },
    };
    const own = caught.code ? byCode[caught.code] : undefined;
    if (own) return setFieldError(own);
    setError((t) => (caught.code === 'partner-state' ? t('consolePartners.error.state') : errorText(t, caught)));
    if (caught.code === 'partner-state') void load();
  };
  const run = async (work: () => Promise<unknown>, done: ConsoleKey) => {
    setError('');
    setFieldError(undefined);
    setMessage('');
    setConfirming(undefined);
    try {
      await work();
      setMessage((t) => t(done));
      await load();
    } catch (caught) {
      refused(caught as ApiError);
    }
  };
  const perform = (action: Action) => {
    if (action === 'approve')
      return run(
        () => adminApi('POST partners/:id/approve', { id, body: { code: code.trim(), origins: lines(origins) } }),
        'consolePartners.page.approved',
      );
    return run(
      () => adminApi(`POST partners/:id/${action}`, { id }),
      action === 'suspend' ? 'consolePartners.page.suspended' : 'consolePartners.page.reinstated',
    );
  };
  const saveOrigins = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (partner?.status === 'pending') return setConfirming('approve');
    void run(() => adminApi('PATCH partners/:id', { id, body: { origins: lines(origins) } }), 'consolePartners.page.saved');
  };

  if (!partner) return error ? <ErrorText>{error}</ErrorText> : <p role="status">{t('console.inbox.loading')}</p>;
  const admin = me.role === 'admin';
  const registration = partner.registration;
  /** A field described by its hint (`code-hint`), and marked invalid and described by its error (`code-error`) when refused. */
  const described = (field: 'code' | 'origins') =>
    fieldError?.field === field ? { invalid: true, describedBy: `${field}-hint ${field}-error` } : { describedBy: `${field}-hint` };
  const question =
    confirming === 'approve'
      ? t('consolePartners.page.approveConfirm', { code: code.trim() })
      : confirming === 'suspend'
        ? t('consolePartners.page.suspendConfirm')
        : t('consolePartners.page.reinstateConfirm');
  const leadsUrl = partner.code ? routeUrl({ name: 'inbox', filter: { partner: partner.code } }) : '';

  return (
    <article aria-labelledby="partner-title">
      <p>
        <a href={routeUrl({ name: 'partners', status: '', page: 1 })} onClick={link(routeUrl({ name: 'partners', status: '', page: 1 }))}>
          {t('consolePartners.page.back')}
        </a>
      </p>
      <h1 id="partner-title">
        {registration.nombre} <span className={`badge ${partner.status}`}>{t(`consolePartners.status.${partner.status}`)}</span>
      </h1>
      {partner.approvedBy && partner.approvedAt && (
        <p>{t('consolePartners.page.approvedBy', { who: partner.approvedBy, when: when(partner.approvedAt, lang, zone) })}</p>
      )}
      {partner.suspendedBy && partner.suspendedAt && (
        <p className="warning">
          {t('consolePartners.page.suspendedBy', { who: partner.suspendedBy, when: when(partner.suspendedAt, lang, zone) })}
        </p>
      )}
      <Feedback message={message} error={error} />
      <div className="columns">
        <section aria-labelledby="registration-title">
          <h2 id="registration-title">{t('consolePartners.page.registration')}</h2>
          <dl className="fields">
            <div>
              <dt>{t('console.field.nombre')}</dt>
              <dd>{registration.nombre}</dd>
            </div>
            <div>
              <dt>{t('console.field.correo')}</dt>
              <dd>{registration.correo}</dd>
            </div>
            <div>
              <dt>{t('console.field.telefono')}</dt>
              <dd>{registration.telefono}</dd>
            </div>
            <div>
              <dt>{t('console.field.pais')}</dt>
              <dd>{registration.pais}</dd>
            </div>
            <div>
              <dt>{t('console.field.especializacion')}</dt>
              <dd>{specialityName(t, registration.especializacion)}</dd>
            </div>
            <div>
              <dt>{t('consolePartners.list.registered')}</dt>
              <dd>
                <time dateTime={partner.createdAt}>{when(partner.createdAt, lang, zone)}</time>
              </dd>
            </div>
          </dl>
          <p className="links">
            <a href={`/admin/leads/${partner.id}`} onClick={link(`/admin/leads/${partner.id}`)}>
              {t('consolePartners.page.lead')}
            </a>
            {leadsUrl && (
              <a href={leadsUrl} onClick={link(leadsUrl)}>
                {t('consolePartners.page.leads')}
              </a>
            )}
          </p>
        </section>
        <section aria-labelledby="access-title">
          <h2 id="access-title">{t('consolePartners.page.access')}</h2>
          {!admin && <p>{t('consolePartners.page.readOnly')}</p>}
          <form onSubmit={saveOrigins} noValidate>
            <TextField
              id="partner-code"
              label={t('consolePartners.page.code')}
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              readOnly={!admin || partner.status !== 'pending'}
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              {...described('code')}
            />
            <p className="hint" id="code-hint">
              {t('consolePartners.page.codeHint')}
            </p>
            {fieldError?.field === 'code' && (
              <p className="error" id="code-error">
                {fieldError.text(t)}
              </p>
            )}
            <TextAreaField
              id="partner-origins"
              label={t('consolePartners.page.origins')}
              name="origins"
              rows={4}
              value={origins}
              onChange={(e) => setOrigins(e.target.value)}
              readOnly={!admin}
              placeholder={admin ? 'https://socio.example' : t('consolePartners.page.noOrigins')}
              spellCheck={false}
              autoComplete="off"
              {...described('origins')}
            />
            <p className="hint" id="origins-hint">
              {t('consolePartners.page.originsHint')}
            </p>
            {fieldError?.field === 'origins' && (
              <p className="error" id="origins-error">
                {fieldError.text(t)}
              </p>
            )}
            {admin && !confirming && (
              <div className="actions" ref={actionsRef}>
                {partner.status === 'pending' ? (
                  <button type="submit" className="primary">
                    {t('consolePartners.page.approve')}
                  </button>
                ) : (
                  <button type="submit">{t('consolePartners.page.saveOrigins')}</button>
                )}
                {partner.status === 'approved' && (
                  <button type="button" className="destructive" onClick={() => setConfirming('suspend')}>
                    {t('consolePartners.page.suspend')}
                  </button>
                )}
                {partner.status === 'suspended' && (
                  <button type="button" className="primary" onClick={() => setConfirming('reinstate')}>
                    {t('consolePartners.page.reinstate')}
                  </button>
                )}
              </div>
            )}
          </form>
          {admin && confirming && (
            <div className="confirm" role="group" aria-labelledby="partner-question" ref={confirmRef}>
              <p id="partner-question">{question}</p>
              <button
                type="button"
                className={confirming === 'suspend' ? 'destructive' : 'primary'}
                onClick={() => void perform(confirming)}
              >
                {t('consolePartners.page.yes')}
              </button>
              <button type="button" onClick={() => setConfirming(undefined)}>
                {t('consolePartners.page.no')}
              </button>
            </div>
          )}
        </section>
      </div>
      <Snippets code={partner.status === 'pending' ? null : partner.code} lang={langOr(partner.registration.lang)} />
    </article>
  );
}
