// Partners (every operator reads; admins act on a partner's page): pending first, filtered by
// state with counts, 50 a page; the state and page live in the URL. Below, the sites not approved.
import { PARTNER_STATUSES } from '@obra/schema/console';
import type { Me } from '../api.ts';
import { link, routeUrl } from '../url-state.ts';
import { useT, type ConsoleI18n } from '../i18n.ts';
import { when } from './format.ts';
import { ListTable, useLoad } from './list-parts.tsx';
import { SitesNotApproved } from './partner-sites.tsx';

/** A specialisation's name in the operator's language (the registration widget's own catalogue). */
export const specialityName = (t: ConsoleI18n['t'], value: string) =>
  t(`partnerRegistration.especializacion.${value}` as 'partnerRegistration.especializacion.bim');

/** The list of partners in `status` ('' for all), page `page`, and the sites not approved. */
export function Partners({ status, page, me }: { status: string; page: number; me: Me }) {
  const { t, lang, zone } = useT();
  const { data: list, error } = useLoad('GET partners', { query: { status, page: String(page) } });

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
      <ListTable
        items={list?.partners}
        error={error}
        empty={t('consolePartners.list.empty')}
        caption={t('consolePartners.list.caption')}
        className="leads partners"
        rowKey={(partner) => partner.id}
        columns={[
          {
            head: t('consolePartners.list.name'),
            cell: (partner) => {
              const href = routeUrl({ name: 'partner', id: partner.id });
              return (
                <a href={href} onClick={link(href)}>
                  {partner.registration.nombre || '—'}
                </a>
              );
            },
          },
          {
            head: t('consolePartners.list.state'),
            cell: (partner) => <span className={`badge ${partner.status}`}>{t(`consolePartners.status.${partner.status}`)}</span>,
          },
          { head: t('consolePartners.list.code'), cell: (partner) => (partner.code ? <code>{partner.code}</code> : '—') },
          { head: t('consolePartners.list.email'), cell: (partner) => partner.registration.correo },
          { head: t('consolePartners.list.country'), cell: (partner) => partner.registration.pais },
          { head: t('consolePartners.list.specialisation'), cell: (partner) => specialityName(t, partner.registration.especializacion) },
          {
            head: t('consolePartners.list.registered'),
            cell: (partner) => <time dateTime={partner.createdAt}>{when(partner.createdAt, lang, zone)}</time>,
          },
        ]}
      />
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
