// Preferencias / Settings: the operator's language, time zone and morning e-mail; for admins, the
// company's time zone (the dashboard's weeks, and everyone's who has not chosen their own).
import { useMemo, type FormEvent } from 'react';
import { adminApi, type Me, type Settings } from '../api.ts';
import { useT, type ConsoleKey } from '../i18n.ts';
import { LangOptions } from '../lang-options.tsx';
import { langOr, type Lang } from '@obra/i18n';
import { Feedback } from './feedback.tsx';
import { formText } from './form-text.ts';
import { SelectField } from './form-kit.tsx';
import { useAction } from './use-action.ts';
import { link, type Route } from '../url-state.ts';

/**
 * The screens the Settings page leads to, in its order: their route, link, name and hint (keys),
 * and whether only admins reach them. The top bar shows Settings as current on each of them.
 */
export const SETTINGS_SCREENS: readonly { route: Route['name']; label: ConsoleKey; hint: ConsoleKey; admin?: boolean }[] = [
  { route: 'rules', label: 'consoleTasks.rules.title', hint: 'consoleTasks.settings.hint' },
  { route: 'templates', label: 'consoleConversations.nav', hint: 'consoleWork.settings.templatesHint' },
  { route: 'notifications', label: 'console.nav.notifications', hint: 'consoleWork.settings.notificationsHint' },
  { route: 'users', label: 'console.nav.users', hint: 'consoleWork.settings.usersHint', admin: true },
  { route: 'webhooks', label: 'console.nav.webhooks', hint: 'consoleWork.settings.webhooksHint', admin: true },
];

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
  const hours = Array.from({ length: 24 }, (_, hour) => ({
    value: String(hour),
    label: t('consoleWork.settings.morningAt', { hour: `${String(hour).padStart(2, '0')}:00` }),
  }));
  const zoneOptions = known.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
  return (
    <>
      <h1>{t('consoleWork.settings.title')}</h1>
      <section className="panel" aria-labelledby="mine-title">
        <h2 id="mine-title">{t('consoleWork.settings.mine')}</h2>
        <form onSubmit={save}>
          <SelectField
            id="settings-lang"
            label={t('consoleWork.settings.lang')}
            name="lang"
            defaultValue={settings.lang ?? langOr(document.documentElement.lang)}
          >
            <LangOptions />
          </SelectField>
          <SelectField
            id="settings-zone"
            label={t('consoleWork.settings.timeZone')}
            name="zone"
            defaultValue={settings.ownTimeZone ?? ''}
            options={zoneOptions}
          >
            <option value="">{t('consoleWork.settings.companyDefault', { zone: settings.companyTimeZone })}</option>
          </SelectField>
          <SelectField
            id="settings-morning"
            label={t('consoleWork.settings.morning')}
            name="morning"
            defaultValue={settings.morningHour === null ? '' : String(settings.morningHour)}
            hint={t('consoleWork.settings.morningHint')}
            options={hours}
          >
            <option value="">{t('consoleWork.settings.morningOff')}</option>
          </SelectField>
          <button type="submit" className="primary">
            {t('consoleWork.settings.save')}
          </button>
          <Feedback message={mine.message} error={mine.error} />
        </form>
      </section>
      <section className="panel" aria-labelledby="company-title">
        <h2 id="company-title">{t('consoleWork.settings.company')}</h2>
        <form onSubmit={saveCompany}>
          <SelectField
            id="settings-company-zone"
            label={t('consoleWork.settings.companyTimeZone')}
            name="company-zone"
            defaultValue={settings.companyTimeZone}
            disabled={me.role !== 'admin'}
            hint={
              <>
                {t('consoleWork.settings.companyHint')} {me.role !== 'admin' && t('consoleWork.settings.companyReadOnly')}
              </>
            }
            options={zoneOptions}
          />
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
          {SETTINGS_SCREENS.filter((screen) => !screen.admin || me.role === 'admin').map(({ route, label, hint }) => (
            <div key={route}>
              <dt>
                <a href={`/admin/${route}`} onClick={link(`/admin/${route}`)}>
                  {t(label)}
                </a>
              </dt>
              <dd>{t(hint)}</dd>
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
