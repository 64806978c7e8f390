// The console's shell: who is signed in (their language and time zone), the top bar with the
// badge of due follow-ups (behind a menu button on a phone), the shortcuts, and the current screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LANGS, type Lang } from '@obra/i18n';
import { adminApi, setCsrf, whenSignedOut, type Me, type Settings } from './api.ts';
import { createConsoleI18n, I18nContext, initialLang, storedLang, storeLang, textsOf, useT } from './i18n.ts';
import { Dashboard } from './pages/dashboard.tsx';
import { DealsBoard } from './pages/deals-board.tsx';
import { Inbox } from './pages/inbox.tsx';
import { Notifications } from './pages/notifications.tsx';
import { Templates } from './pages/templates.tsx';
import { LeadPage } from './pages/lead.tsx';
import { OrderPage } from './pages/order.tsx';
import { Orders } from './pages/orders.tsx';
import { PartnerPage } from './pages/partner.tsx';
import { People, PersonPage } from './pages/person.tsx';
import { Partners } from './pages/partners.tsx';
import { SetPassword } from './pages/set-password.tsx';
import { Account } from './pages/account.tsx';
import { SETTINGS_SCREENS, SettingsPage } from './pages/settings.tsx';
import { Shortcuts } from './pages/shortcuts.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { Users } from './pages/users.tsx';
import { Webhooks } from './pages/webhooks.tsx';
import { MyTasks, useUnseen } from './pages/tasks.tsx';
import { AssignmentRules } from './pages/assignment-rules.tsx';
import { link, MY_DUE_TODAY_URL, MY_LEADS_URL, navigate, useRoute, type Route } from './url-state.ts';

/** Settings and the screens it leads to: the navigation shows Settings as current on them. */
const SETTINGS_ROUTES: readonly Route['name'][] = ['settings', ...SETTINGS_SCREENS.map((screen) => screen.route)];

/** How often the badge of due follow-ups is read again while the console stays open. */
const DUE_EVERY_MS = 60_000;

/** The whole console. */
export function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [session, setSession] = useState<{ user: Me; settings: Settings } | null | undefined>(undefined);
  const i18n = useMemo(() => createConsoleI18n(lang), [lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = i18n.t('console.title');
  }, [lang, i18n]);
  const load = useCallback(
    () =>
      adminApi('GET session').then(
        ({ user, csrf, settings }) => {
          setCsrf(csrf);
          setSession({ user, settings });
          // The account's language where this browser has no choice of its own (a new device).
          if (settings.lang && !storedLang()) setLang(settings.lang);
        },
        () => setSession(null),
      ),
    [],
  );
  useEffect(() => {
    whenSignedOut(() => setSession(null));
    void load();
  }, [load]);
  /** This browser's language from now on (the switch; the account's language is set in Settings). */
  const choose = (next: Lang) => {
    storeLang(next);
    setLang(next);
  };
  return (
    <I18nContext.Provider value={{ i18n, lang, zone: session?.settings.timeZone }}>
      <Shell chooseLang={choose} session={session} reload={load} signedOut={() => setSession(null)} />
    </I18nContext.Provider>
  );
}

function Shell({
  chooseLang,
  session,
  reload,
  signedOut,
}: {
  chooseLang: (lang: Lang) => void;
  session: { user: Me; settings: Settings } | null | undefined;
  reload: () => Promise<unknown>;
  signedOut: () => void;
}) {
  const { t, lang } = useT();
  const route = useRoute();
  const me = session?.user;
  const [notice, setNotice] = useState('');
  const [menu, setMenu] = useState(false);
  const due = useDue(me, route);
  const unseen = useUnseen(me, route);
  const help = useRef<(() => void) | undefined>(undefined);
  useEffect(() => setMenu(false), [route]);
  const signedIn = async (_user: Me, csrf: string) => {
    setCsrf(csrf);
    await reload();
    setNotice('');
    if (route.name === 'sign-in' || route.name === 'set-password') navigate('/admin', { replace: true });
  };
  const signOut = async (everywhere: boolean) => {
    await adminApi('POST sign-out', { body: { everywhere } }).catch(() => undefined);
    signedOut();
    setNotice(t('console.signIn.signedOut'));
    navigate('/admin/sign-in');
  };

  let screen;
  if (route.name === 'set-password') screen = <SetPassword token={route.token} />;
  else if (session === undefined) screen = <p role="status">{t('console.inbox.loading')}</p>;
  else if (!me) screen = <SignIn onSignedIn={(user, csrf) => void signedIn(user, csrf)} notice={notice} />;
  else if (route.name === 'dashboard' || route.name === 'sign-in')
    screen = <Dashboard weeks={route.name === 'dashboard' ? route.weeks : undefined} test={route.name === 'dashboard' && route.test} />;
  else if (route.name === 'inbox') screen = <Inbox filter={route.filter} me={me} onChange={due.reload} />;
  else if (route.name === 'lead') screen = <LeadPage id={route.id} me={me} />;
  else if (route.name === 'orders') screen = <Orders filter={route.filter} />;
  else if (route.name === 'order') screen = <OrderPage id={route.id} filter={route.filter} />;
  else if (route.name === 'users' && me.role === 'admin') screen = <Users me={me} />;
  else if (route.name === 'notifications') screen = <Notifications me={me} />;
  else if (route.name === 'templates') screen = <Templates me={me} />;
  else if (route.name === 'partners') screen = <Partners status={route.status} page={route.page} me={me} />;
  else if (route.name === 'partner') screen = <PartnerPage id={route.id} me={me} />;
  else if (route.name === 'webhooks' && me.role === 'admin') screen = <Webhooks />;
  else if (route.name === 'settings')
    screen = (
      <SettingsPage
        me={me}
        settings={session.settings}
        onSaved={reload}
        chooseLang={chooseLang}
        signOutEverywhere={() => void signOut(true)}
      />
    );
  else if (route.name === 'account') screen = <Account me={me} />;
  else if (route.name === 'people') screen = <People />;
  else if (route.name === 'person') screen = <PersonPage id={route.id} me={me} />;
  else if (route.name === 'deals') screen = <DealsBoard filter={route.filter} me={me} />;
  else if (route.name === 'tasks') screen = <MyTasks />;
  else if (route.name === 'rules') screen = <AssignmentRules me={me} />;
  else screen = <h1>{t('console.error.notFound')}</h1>;

  const item = (href: string, label: string, current: boolean) => (
    <li>
      <a href={href} onClick={link(href)} aria-current={current ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <>
      <a className="skip" href="#main">
        {t('console.skip')}
      </a>
      <header className="topbar">
        <a className="brand" href="/admin" onClick={link('/admin')}>
          {t('console.title')}
        </a>
        {/* Each other language offers itself, in its own words. */}
        {LANGS.filter((other) => other !== lang).map((other) => (
          <button
            key={other}
            type="button"
            className="lang-button"
            lang={other}
            aria-label={textsOf(other)('console.nav.languageLabel')}
            onClick={() => chooseLang(other)}
          >
            {textsOf(other)('console.nav.language')}
          </button>
        ))}
        {me && (
          <button type="button" className="menu-button" aria-expanded={menu} aria-controls="console-nav" onClick={() => setMenu(!menu)}>
            {t('consoleWork.nav.menu')}
            {due.today > 0 && <span className="due-dot" aria-hidden="true" />}
          </button>
        )}
        {/* Signed out, there is nothing to navigate to: no empty landmark, no empty line. */}
        {me && (
          <nav id="console-nav" aria-label={t('console.nav.label')} className={menu ? 'open' : undefined}>
            <ul>
              {item('/admin', t('consoleWork.nav.dashboard'), route.name === 'dashboard')}
              <li className="with-badge">
                <a
                  href="/admin/leads"
                  onClick={link('/admin/leads')}
                  aria-current={route.name === 'inbox' || route.name === 'lead' ? 'page' : undefined}
                >
                  {t('console.nav.inbox')}
                </a>
                {due.today > 0 && (
                  <a
                    className={`due-badge${due.overdue ? ' late' : ''}`}
                    href={MY_DUE_TODAY_URL}
                    onClick={link(MY_DUE_TODAY_URL)}
                    aria-label={t('consoleWork.nav.due', {
                      today: t('consoleWork.nav.dueToday', { count: due.today }),
                      overdue: t('consoleWork.nav.dueLate', { count: due.overdue }),
                    })}
                  >
                    {due.today}
                  </a>
                )}
                {unseen > 0 && (
                  <a
                    className="new-badge"
                    href={MY_LEADS_URL}
                    onClick={link(MY_LEADS_URL)}
                    aria-label={t('consoleTasks.nav.unseen', { count: unseen })}
                  >
                    {unseen}
                  </a>
                )}
              </li>
              {item('/admin/people', t('consolePeople.nav'), route.name === 'people' || route.name === 'person')}
              {item('/admin/deals', t('consoleDeals.nav'), route.name === 'deals')}
              {item('/admin/tasks', t('consoleTasks.nav.tasks'), route.name === 'tasks')}
              {item('/admin/orders', t('console.nav.orders'), route.name === 'orders' || route.name === 'order')}
              {item('/admin/partners', t('consolePartners.nav'), route.name === 'partners' || route.name === 'partner')}
              {item('/admin/settings', t('consoleWork.nav.settings'), SETTINGS_ROUTES.includes(route.name))}
              <li>
                <button type="button" onClick={() => help.current?.()} aria-label={t('consoleWork.shortcuts.hint')}>
                  ?
                </button>
              </li>
              <li>
                <a href="/admin/account" onClick={link('/admin/account')} aria-current={route.name === 'account' ? 'page' : undefined}>
                  {t('console.nav.account')}
                </a>
              </li>
              <li>
                <button type="button" onClick={() => void signOut(false)}>
                  {t('console.nav.signOut')}
                </button>
              </li>
            </ul>
          </nav>
        )}
        {me && <p className="who">{me.email}</p>}
      </header>
      <main id="main" tabIndex={-1}>
        {screen}
      </main>
      {me && <Shortcuts openRef={help} />}
    </>
  );
}

/** The operator's due follow-ups for the badge: read on each screen change and every minute. */
function useDue(me: Me | undefined, route: Route) {
  const [due, setDue] = useState({ today: 0, overdue: 0 });
  const reload = useCallback(() => {
    void adminApi('GET due').then(setDue, () => undefined);
  }, []);
  useEffect(() => {
    if (!me) return;
    reload();
    const timer = setInterval(reload, DUE_EVERY_MS);
    return () => clearInterval(timer);
  }, [me, route, reload]);
  return { ...due, reload };
}
