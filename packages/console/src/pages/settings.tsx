// Preferencias / Settings: the operator's language, time zone and morning e-mail; for admins, the
// company's time zone (the dashboard's weeks, and everyone's who has not chosen their own).
import { useMemo, type FormEvent } from 'react';
import { adminApi, type Me, type Settings } from '../api.ts';
import { useT } from '../i18n.ts';
import { LangOptions } from '../lang-options.tsx';
import { langOr, type Lang } from '@obra/i18n';
import { Feedback } from './feedback.tsx';
import { formText } from './form-text.ts';
import { useAction } from './use-action.ts';
import { link } from '../url-state.ts';

/** The IANA zones this browser knows, by name. */
const zones = () => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']);

/** The settings of `me`; `onSaved` reads them again (the language and time zone apply at once). */
export function SettingsPage({
  me,
  settings,
  onSaved,
  chooseLang,
  signOutEverywhere,
}: {
  me: Me;
  settings: Settings;
  onSaved: () => Promise<unknown>;
  /** Switches the console to the language just saved. */
  chooseLang: (lang: Lang) => void;
  /** Ends every session of the operator (another device left signed in). */
  signOutEverywhere: () => void;
}) {
  const { t } = useT();
  const known = useMemo(() => {
    const list = zones();
    // The company's zone and the operator's are offered even if this browser does not list them.
    return [...new Set([...list, settings.companyTimeZone, ...(settings.ownTimeZone ? [settings.ownTimeZone] : [])])].sort();
  }, [settings.companyTimeZone, settings.ownTimeZone]);
  const codes = { 'time-zone': 'consoleWork.settings.timeZoneError' } as const;
  const mine = useAction(onSaved, codes);
  const company = useAction(onSaved, codes);
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const hour = formText(data, 'morning');
    const body = {
      lang: langOr(formText(data, 'lang')),
      timeZone: formText(data, 'zone') || null,
      morningHour: hour === '' ? null : Number(hour),
    };
    void mine.run(() => adminApi('PATCH me', { body }).then(() => chooseLang(body.lang)), 'consoleWork.settings.saved');
  };
  const saveCompany = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const timeZone = formText(new FormData(event.currentTarget), 'company-zone');
    void company.run(() => adminApi('PUT company', { body: { timeZone } }), 'consoleWork.settings.companySaved');
  };
  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  const zoneOptions = known.map((zone) => (
    <option key={zone} value={zone}>
      {zone.replace(/_/g, ' ')}
    </option>
  ));
  return (
    <>
      <h1>{t('consoleWork.settings.title')}</h1>
      <section className="panel" aria-labelledby="mine-title">
        <h2 id="mine-title">{t('consoleWork.settings.mine')}</h2>
        <form onSubmit={save}>
          <label htmlFor="settings-lang">{t('consoleWork.settings.lang')}</label>
          <select id="settings-lang" name="lang" defaultValue={settings.lang ?? langOr(document.documentElement.lang)}>
            <LangOptions />
          </select>
          <label htmlFor="settings-zone">{t('consoleWork.settings.timeZone')}</label>
          <select id="settings-zone" name="zone" defaultValue={settings.ownTimeZone ?? ''}>
            <option value="">{t('consoleWork.settings.companyDefault', { zone: settings.companyTimeZone })}</option>
            {zoneOptions}
          </select>
          <label htmlFor="settings-morning">{t('consoleWork.settings.morning')}</label>
          <select
            id="settings-morning"
            name="morning"
            defaultValue={settings.morningHour === null ? '' : String(settings.morningHour)}
            aria-describedby="settings-morning-hint"
          >
            <option value="">{t('consoleWork.settings.morningOff')}</option>
            {hours.map((hour) => (
              <option key={hour} value={hour}>
                {t('consoleWork.settings.morningAt', { hour: `${String(hour).padStart(2, '0')}:00` })}
              </option>
            ))}
          </select>
          <p id="settings-morning-hint" className="hint">
            {t('consoleWork.settings.morningHint')}
          </p>
          <button type="submit" className="primary">
            {t('consoleWork.settings.save')}
          </button>
          <Feedback message={mine.message} error={mine.error} />
        </form>
      </section>
      <section className="panel" aria-labelledby="company-title">
        <h2 id="company-title">{t('consoleWork.settings.company')}</h2>
        <form onSubmit={saveCompany}>
          <label htmlFor="settings-company-zone">{t('consoleWork.settings.companyTimeZone')}</label>
          <select
            id="settings-company-zone"
            name="company-zone"
            defaultValue={settings.companyTimeZone}
            disabled={me.role !== 'admin'}
            aria-describedby="settings-company-hint"
          >
            {zoneOptions}
          </select>
          <p id="settings-company-hint" className="hint">
            {t('consoleWork.settings.companyHint')} {me.role !== 'admin' && t('consoleWork.settings.companyReadOnly')}
          </p>
          {me.role === 'admin' && (
            <button type="submit" className="primary">
              {t('consoleWork.settings.companySave')}
            </button>
          )}
          <Feedback message={company.message} error={company.error} />
        </form>
      </section>
      <section className="panel" aria-labelledby="team-title">
        <h2 id="team-title">{t('consoleWork.settings.team')}</h2>
        <p className="hint">{t('consoleWork.settings.teamHint')}</p>
        <dl className="team-links">
          {[
            { href: '/admin/rules', label: t('consoleTasks.rules.title'), hint: t('consoleTasks.settings.hint') },
            { href: '/admin/templates', label: t('consoleConversations.nav'), hint: t('consoleWork.settings.templatesHint') },
            { href: '/admin/notifications', label: t('console.nav.notifications'), hint: t('consoleWork.settings.notificationsHint') },
            ...(me.role === 'admin'
              ? [
                  { href: '/admin/users', label: t('console.nav.users'), hint: t('consoleWork.settings.usersHint') },
                  { href: '/admin/webhooks', label: t('console.nav.webhooks'), hint: t('consoleWork.settings.webhooksHint') },
                ]
              : []),
          ].map(({ href, label, hint }) => (
            <div key={href}>
              <dt>
                <a href={href} onClick={link(href)}>
                  {label}
                </a>
              </dt>
              <dd>{hint}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="panel" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t('consoleWork.settings.sessions')}</h2>
        <p className="hint">{t('consoleWork.settings.sessionsHint')}</p>
        <button type="button" onClick={signOutEverywhere}>
          {t('console.nav.signOutAll')}
        </button>
      </section>
    </>
  );
}
