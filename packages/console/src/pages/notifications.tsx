// New-lead notifications: for each kind of lead, who gets an e-mail and how (one per lead or a
// daily digest), and the latest mails with their state. Admins change them; agents read them.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { AdminRefusal, AdminResponses, NotificationMode } from '@obra/schema/admin-contract';
import type { Lang } from '@obra/i18n';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { LangOptions } from '../lang-options.tsx';
import { errorText } from './errors.ts';
import { when } from './format.ts';
import { formText } from './form-text.ts';
import { Check, ErrorText, SelectField, TextAreaField } from './form-kit.tsx';
import { ListTable } from './list-parts.tsx';
import { useText } from './use-action.ts';

type Settings = AdminResponses['GET notifications'];

/** The addresses typed in a box: one per line or separated by commas. */
const addresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

/** The notification settings. */
export function Notifications({ me }: { me: Me }) {
  const { t, lang, zone } = useT();
  const [settings, setSettings] = useState<Settings | undefined>();
  const [error, setError] = useText();
  const [saved, setSaved] = useState(false);
  const admin = me.role === 'admin';
  const load = useCallback(
    () => adminApi('GET notifications').then(setSettings, (caught: ApiError) => setError((t) => errorText(t, caught))),
    [setError],
  );
  useEffect(() => void load(), [load]);
  if (!settings)
    return (
      <p role={error ? 'alert' : 'status'} className={error ? 'error' : undefined}>
        {error || t('console.inbox.loading')}
      </p>
    );
  const max = settings.maxRecipients;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    setError('');
    const data = new FormData(event.currentTarget);
    const rules = settings.rules.map(({ kind }) => ({
      kind,
      recipients: addresses(formText(data, `${kind}-recipients`)),
      // The selects offer only these; the API checks them again.
      mode: formText(data, `${kind}-mode`) as NotificationMode,
      lang: formText(data, `${kind}-lang`) as Lang,
      partnerCopy: data.get(`${kind}-partner`) === 'on',
    }));
    try {
      await adminApi('PUT notifications', { body: { rules } });
      setSaved(true);
      await load();
    } catch (caught) {
      const refusal = caught as ApiError;
      const { addresses = [] } = refusal.details as AdminRefusal<'PUT notifications'>;
      if (refusal.code === 'invalid') setError((t) => t('console.notifications.invalid', { addresses: addresses.join(', ') }));
      else if (refusal.code === 'too-many') setError((t) => t('console.notifications.tooMany', { max }));
      else setError((t) => errorText(t, refusal));
    }
  };

  return (
    <>
      <h1>{t('console.notifications.title')}</h1>
      <p>{t('console.notifications.intro', { hour: String(settings.digestHour).padStart(2, '0') })}</p>
      {!admin && <p className="warning">{t('console.notifications.readOnly')}</p>}
      <form onSubmit={(event) => void save(event)} noValidate>
        <fieldset className="rules" disabled={!admin}>
          <legend className="visually-hidden">{t('console.notifications.title')}</legend>
          {settings.rules.map((rule) => (
            <section key={rule.kind} className="rule" aria-labelledby={`${rule.kind}-title`}>
              <h2 id={`${rule.kind}-title`}>{t(`console.kind.${rule.kind}`)}</h2>
              <TextAreaField
                id={`${rule.kind}-recipients`}
                label={t('console.notifications.recipients')}
                name={`${rule.kind}-recipients`}
                rows={3}
                defaultValue={rule.recipients.join('\n')}
                hint={t('console.notifications.recipientsHint', { max })}
                autoComplete="off"
                spellCheck={false}
              />
              <div className="pair">
                <SelectField
                  id={`${rule.kind}-mode`}
                  label={t('console.notifications.mode')}
                  name={`${rule.kind}-mode`}
                  defaultValue={rule.mode}
                  wrap
                >
                  <option value="each">{t('console.notifications.each')}</option>
                  <option value="digest">{t('console.notifications.digest')}</option>
                </SelectField>
                <SelectField
                  id={`${rule.kind}-lang`}
                  label={t('console.notifications.lang')}
                  name={`${rule.kind}-lang`}
                  defaultValue={rule.lang}
                  wrap
                >
                  <LangOptions />
                </SelectField>
              </div>
              <Check
                id={`${rule.kind}-partner`}
                label={t('console.notifications.partnerCopy')}
                name={`${rule.kind}-partner`}
                defaultChecked={rule.partnerCopy}
              />
            </section>
          ))}
        </fieldset>
        <ErrorText>{error}</ErrorText>
        {admin && (
          <button type="submit" className="primary">
            {t('console.notifications.save')}
          </button>
        )}
        <p className="ok" role="status">
          {saved ? t('console.notifications.saved') : ''}
        </p>
      </form>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{t('console.notifications.recent')}</h2>
        <ListTable
          items={settings.recent}
          empty={t('console.notifications.none')}
          caption={t('console.notifications.recent')}
          className="recent"
          rowKey={(mail) => mail.id}
          columns={[
            { head: t('console.inbox.when'), cell: (mail) => when(mail.created_at, lang, zone) },
            {
              head: t('console.notifications.to'),
              cell: (mail) => (
                <>
                  {mail.recipient}
                  {mail.to_partner && ` (${t('console.notifications.partnerMail')})`}
                </>
              ),
            },
            {
              head: t('console.notifications.what'),
              cell: (mail) =>
                mail.digest_day
                  ? t('console.notifications.digestOf', { day: mail.digest_day.slice(0, 10) })
                  : mail.kind
                    ? `${t(`console.kind.${mail.kind}`)}: ${mail.name ?? ''}`
                    : '—',
            },
            {
              head: t('console.notifications.state'),
              cell: (mail) =>
                mail.sent_at
                  ? t('console.notifications.states.sent')
                  : mail.error
                    ? t('console.notifications.states.retrying', { error: mail.error })
                    : t('console.notifications.states.queued'),
            },
          ]}
        />
      </section>
    </>
  );
}
