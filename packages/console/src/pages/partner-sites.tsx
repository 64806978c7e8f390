// The sites not approved that sent leads (docs/partners/sites.md): origin, how many leads (a link
// to them in the inbox), the last one, the partner codes they claimed; an admin approves a site
// for the partner a claim names, or for any other, on that partner's page with the origin filled in.
import type { FormEvent } from 'react';
import type { PartnerView, UnapprovedSite } from '@obra/schema/admin-contract';
import type { Me } from '../api.ts';
import { link, navigate, routeUrl } from '../url-state.ts';
import { useT } from '../i18n.ts';
import { when } from './format.ts';
import { ListTable, useLoad, type Column } from './list-parts.tsx';

/** The partner page of `id` with `origin` to add to its allowed origins. */
const approveUrl = (id: string, origin: string) => `${routeUrl({ name: 'partner', id })}?${new URLSearchParams({ origin })}`;

/** The list under the partners; `partners` are the ones the page shows (any of them can be chosen). */
export function SitesNotApproved({ me, partners }: { me: Me; partners: PartnerView[] }) {
  // Times in the operator's zone, named in the column's head, as on every screen of the console.
  const { t, lang, zone = 'UTC' } = useT();
  const { data, error } = useLoad('GET sites');
  const admin = me.role === 'admin';
  const choose = (origin: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = new FormData(event.currentTarget).get('partner');
    if (typeof id === 'string' && id) navigate(approveUrl(id, origin));
  };
  const inbox = routeUrl({ name: 'inbox', filter: { site: 'unapproved' } });
  const approveColumn: Column<UnapprovedSite> = {
    head: t('consolePartners.sites.approve'),
    cell: ({ origin, partners: claimed }) =>
      origin === null ? (
        '—'
      ) : (
        <>
          {claimed.map((partner) => (
            <a key={partner.id} className="button" href={approveUrl(partner.id, origin)} onClick={link(approveUrl(partner.id, origin))}>
              {t('consolePartners.sites.approveFor', { name: partner.name, code: partner.code })}
            </a>
          ))}
          <form className="inline" onSubmit={choose(origin)}>
            <label>
              {t('consolePartners.sites.other')}{' '}
              <select name="partner" defaultValue="">
                <option value="">{t('consolePartners.sites.choose')}</option>
                {partners.map((partner) => (
                  <option key={partner.id} value={partner.id}>
                    {partner.registration.nombre}
                    {partner.code ? ` (${partner.code})` : ''}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button type="submit">{t('consolePartners.sites.go')}</button>
          </form>
        </>
      ),
  };
  return (
    <section aria-labelledby="sites-title" className="sites">
      <h2 id="sites-title">{t('consolePartners.sites.title')}</h2>
      <p>{t('consolePartners.sites.intro')}</p>
      <ListTable
        items={data?.sites}
        error={error}
        empty={t('consolePartners.sites.empty')}
        caption={t('consolePartners.sites.title')}
        className="leads"
        rowKey={(site) => site.origin ?? ''}
        columns={[
          { head: t('consolePartners.sites.origin'), cell: (site) => site.origin ?? t('consolePartners.sites.noOrigin') },
          {
            head: t('consolePartners.sites.leads'),
            cell: (site) => (
              <a href={inbox} onClick={link(inbox)}>
                {site.leads}
              </a>
            ),
          },
          {
            head: t('consolePartners.sites.last', { zone }),
            cell: (site) => <time dateTime={site.lastAt}>{when(site.lastAt, lang, zone)}</time>,
          },
          {
            head: t('consolePartners.sites.claims'),
            cell: (site) => (site.claims.length ? site.claims.map((code) => <code key={code}>{code} </code>) : '—'),
          },
          ...(admin ? [approveColumn] : []),
        ]}
      />
    </section>
  );
}
