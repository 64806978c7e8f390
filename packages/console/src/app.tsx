// The console's shell: who is signed in, the language, the top bar and the current screen.
import { useEffect, useMemo, useState } from 'react';
import type { Lang } from '@obra/i18n';
import { api, ApiError, setCsrf, whenSignedOut, type Me } from './api.ts';
import { createConsoleI18n, I18nContext, initialLang, storeLang, useT } from './i18n.ts';
import { Inbox } from './pages/inbox.tsx';
import { Notifications } from './pages/notifications.tsx';
import { LeadPage } from './pages/lead.tsx';
import { OrderPage } from './pages/order.tsx';
import { Orders } from './pages/orders.tsx';
import { PartnerPage } from './pages/partner.tsx';
import { Partners } from './pages/partners.tsx';
import { SetPassword } from './pages/set-password.tsx';
import { Account } from './pages/account.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { Users } from './pages/users.tsx';
import { Webhooks } from './pages/webhooks.tsx';
import { link, navigate, useRoute } from './url-state.ts';

/** The whole console. */
export function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const i18n = useMemo(() => createConsoleI18n(lang), [lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = i18n.t('console.title');
  }, [lang, i18n]);
  const toggle = () => {
    const next = lang === 'es' ? 'en' : 'es';
    storeLang(next);
    setLang(next);
  };
  return (
    <I18nContext.Provider value={{ i18n, lang }}>
      <Shell toggleLang={toggle} />
    </I18nContext.Provider>
  );
}

function Shell({ toggleLang }: { toggleLang: () => void }) {
  const { t } = useT();
  const route = useRoute();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    whenSignedOut(() => setMe(null));
    api<{ user: Me; csrf: string }>('session').then(
      ({ user, csrf }) => {
        setCsrf(csrf);
        setMe(user);
      },
      (error: unknown) => setMe(error instanceof ApiError && error.status === 401 ? null : null),
    );
  }, []);
  const signedIn = (user: Me, csrf: string) => {
    setCsrf(csrf);
    setMe(user);
    setNotice('');
    if (route.name === 'sign-in' || route.name === 'set-password') navigate('/admin', { replace: true });
  };
  const signOut = async (everywhere: boolean) => {
    await api('sign-out', { method: 'POST', body: { everywhere } }).catch(() => undefined);
    setMe(null);
    setNotice(t('console.signIn.signedOut'));
    navigate('/admin/sign-in');
  };

  let screen;
  if (route.name === 'set-password') screen = <SetPassword token={route.token} />;
  else if (me === undefined) screen = <p role="status">{t('console.inbox.loading')}</p>;
  else if (me === null) screen = <SignIn onSignedIn={signedIn} notice={notice} />;
  else if (route.name === 'inbox' || route.name === 'sign-in') screen = <Inbox filter={route.name === 'inbox' ? route.filter : {}} />;
  else if (route.name === 'lead') screen = <LeadPage id={route.id} me={me} />;
  else if (route.name === 'orders') screen = <Orders filter={route.filter} />;
  else if (route.name === 'order') screen = <OrderPage id={route.id} filter={route.filter} />;
  else if (route.name === 'users' && me.role === 'admin') screen = <Users me={me} />;
  else if (route.name === 'notifications') screen = <Notifications me={me} />;
  else if (route.name === 'partners') screen = <Partners status={route.status} page={route.page} me={me} />;
  else if (route.name === 'partner') screen = <PartnerPage id={route.id} me={me} />;
  else if (route.name === 'webhooks' && me.role === 'admin') screen = <Webhooks />;
  else if (route.name === 'account') screen = <Account me={me} />;
  else screen = <h1>{t('console.error.notFound')}</h1>;

  return (
    <>
      <a className="skip" href="#main">
        {t('console.skip')}
      </a>
      <header className="topbar">
        <a className="brand" href="/admin" onClick={link('/admin')}>
          {t('console.title')}
        </a>
        <nav aria-label={t('console.nav.label')}>
          <ul>
            {me && (
              <>
                <li>
                  <a href="/admin" onClick={link('/admin')} aria-current={route.name === 'inbox' ? 'page' : undefined}>
                    {t('console.nav.inbox')}
                  </a>
                </li>
                <li>
                  <a href="/admin/orders" onClick={link('/admin/orders')} aria-current={route.name === 'orders' ? 'page' : undefined}>
                    {t('console.nav.orders')}
                  </a>
                </li>
                <li>
                  <a
                    href="/admin/partners"
                    onClick={link('/admin/partners')}
                    aria-current={route.name === 'partners' || route.name === 'partner' ? 'page' : undefined}
                  >
                    {t('consolePartners.nav')}
                  </a>
                </li>
                {me.role === 'admin' && (
                  <li>
                    <a href="/admin/users" onClick={link('/admin/users')} aria-current={route.name === 'users' ? 'page' : undefined}>
                      {t('console.nav.users')}
                    </a>
                  </li>
                )}
                <li>
                  <a
                    href="/admin/notifications"
                    onClick={link('/admin/notifications')}
                    aria-current={route.name === 'notifications' ? 'page' : undefined}
                  >
                    {t('console.nav.notifications')}
                  </a>
                </li>
                {me.role === 'admin' && (
                  <li>
                    <a
                      href="/admin/webhooks"
                      onClick={link('/admin/webhooks')}
                      aria-current={route.name === 'webhooks' ? 'page' : undefined}
                    >
                      {t('console.nav.webhooks')}
                    </a>
                  </li>
                )}
              </>
            )}
            <li>
              <button
                type="button"
                lang={t('console.nav.language') === 'English' ? 'en' : 'es'}
                aria-label={t('console.nav.languageLabel')}
                onClick={toggleLang}
              >
                {t('console.nav.language')}
              </button>
            </li>
            {me && (
              <>
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
                <li>
                  <button type="button" onClick={() => void signOut(true)}>
                    {t('console.nav.signOutAll')}
                  </button>
                </li>
              </>
            )}
          </ul>
        </nav>
        {me && <p className="who">{me.email}</p>}
      </header>
      <main id="main" tabIndex={-1}>
        {screen}
      </main>
    </>
  );
}
