// Partners (every operator reads; admins act on a partner's page): pending first, filtered by
// state with counts, 50 a page; the state and page live in the URL. Below, the sites not approved.
import { useEffect, useState } from 'react';
import { api, type ApiError, type Me } from '../api.ts';
import { link, routeUrl } from '../url-state.ts';
import { useT, type ConsoleI18n } from '../i18n.ts';
import { errorText } from './errors.ts';
import { useText } from './use-action.ts';
import { when } from './format.ts';
import { SitesNotApproved } from './partner-sites.tsx';

/** The states of a partner. */
const PARTNER_STATUSES = ['pending', 'approved', 'suspended'] as const;

/** A partner as the API answers it. */
export interface Partner {
  id: string;
  status: (typeof PARTNER_STATUSES)[number];
  code: string | null;
  origins: string[];
  createdAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  suspendedBy: string | null;
  suspendedAt: string | null;
  registration: { nombre: string; correo: string; telefono: string; pais: string; especializacion: string; lang: string };
  suggestedCode?: string | null;
}

/** A specialisation's name in the operator's language (the registration widget's own catalogue). */
export const specialityName = (t: ConsoleI18n['t'], value: string) =>
  t(`partnerRegistration.especializacion.${value}` as 'partnerRegistration.especializacion.bim');

interface List {
  partners: Partner[];
  more: boolean;
  counts: Record<(typeof PARTNER_STATUSES)[number], number>;
}

/** The list of partners in `status` ('' for all), page `page`, and the sites not approved. */
export function Partners({ status, page, me }: { status: string; page: number; me: Me }) {
  const { t, lang, zone } = useT();
  const [list, setList] = useState<List | undefined>();
  const [error, setError] = useText();
  const query = `${status ? `status=${encodeURIComponent(status)}&` : ''}page=${page}`;
  useEffect(() => {
    let live = true;
    setError('');
    api<List>(`partners?${query}`).then(
      (result) => live && setList(result),
      (caught: ApiError) => live && setError((t) => errorText(t, caught)),
    );
    return () => {
      live = false;
    };
  }, [query, setError]);

  const url = (s: string, p = 1) => routeUrl({ name: 'partners', status: s, page: p });
  const total = list ? PARTNER_STATUSES.reduce((sum, s) => sum + list.counts[s], 0) : undefined;
  return (
    <>
      <h1>{t('consolePartners.title')}</h1>
      <nav className="counts" aria-label={t('consolePartners.statusFilter')}>
        <ul>
          <li>
            <a href={url('')} onClick={link(url(''))} aria-current={!status ? 'page' : undefined}>
              {t('consolePartners.all')} <span className="count">{total ?? ''}</span>
            </a>
          </li>
          {PARTNER_STATUSES.map((s) => (
            <li key={s}>
              <a href={url(s)} onClick={link(url(s))} aria-current={status === s ? 'page' : undefined}>
                {t(`consolePartners.status.${s}`)} <span className="count">{list?.counts[s] ?? ''}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!list && !error && <p role="status">{t('console.inbox.loading')}</p>}
      {list && !list.partners.length && <p role="status">{t('consolePartners.list.empty')}</p>}
      {list && list.partners.length > 0 && (
        <table className="leads partners">
          <caption className="visually-hidden">{t('consolePartners.list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('consolePartners.list.name')}</th>
              <th scope="col">{t('consolePartners.list.state')}</th>
              <th scope="col">{t('consolePartners.list.code')}</th>
              <th scope="col">{t('consolePartners.list.email')}</th>
              <th scope="col">{t('consolePartners.list.country')}</th>
              <th scope="col">{t('consolePartners.list.specialisation')}</th>
              <th scope="col">{t('consolePartners.list.registered')}</th>
            </tr>
          </thead>
          <tbody>
            {list.partners.map((partner) => {
              const href = routeUrl({ name: 'partner', id: partner.id });
              return (
                <tr key={partner.id}>
                  <th scope="row">
                    <a href={href} onClick={link(href)}>
                      {partner.registration.nombre || '—'}
                    </a>
                  </th>
                  <td data-label={t('consolePartners.list.state')}>
                    <span className={`badge ${partner.status}`}>{t(`consolePartners.status.${partner.status}`)}</span>
                  </td>
                  <td data-label={t('consolePartners.list.code')}>{partner.code ? <code>{partner.code}</code> : '—'}</td>
                  <td data-label={t('consolePartners.list.email')}>{partner.registration.correo}</td>
                  <td data-label={t('consolePartners.list.country')}>{partner.registration.pais}</td>
                  <td data-label={t('consolePartners.list.specialisation')}>{specialityName(t, partner.registration.especializacion)}</td>
                  <td data-label={t('consolePartners.list.registered')}>
                    <time dateTime={partner.createdAt}>{when(partner.createdAt, lang, zone)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="pager">
        {page > 1 && (
          <a href={url(status, page - 1)} onClick={link(url(status, page - 1))}>
            {t('consolePartners.list.previous')}
          </a>
        )}
        {list?.more && (
          <a href={url(status, page + 1)} onClick={link(url(status, page + 1))}>
            {t('consolePartners.list.next')}
          </a>
        )}
      </p>
      <SitesNotApproved me={me} partners={list?.partners.filter((partner) => partner.status !== 'suspended') ?? []} />
    </>
  );
}
