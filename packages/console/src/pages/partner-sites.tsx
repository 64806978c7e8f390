// The sites not approved that sent leads (docs/partners/sites.md): origin, how many leads (a link
// to them in the inbox), the last one, the partner codes they claimed; an admin approves a site
// for the partner a claim names, or for any other, on that partner's page with the origin filled in.
import { useEffect, useState, type FormEvent } from 'react';
import { api, type ApiError, type Me } from '../api.ts';
import { link, navigate, routeUrl } from '../url-state.ts';
import { useT } from '../i18n.ts';
import { errorText } from './errors.ts';
import { useText } from './use-action.ts';
import { when } from './format.ts';
import type { Partner } from './partners.tsx';

/** A site not approved, as GET /api/admin/sites answers it. */
interface Site {
  origin: string | null;
  leads: number;
  lastAt: string;
  claims: string[];
  partners: { id: string; code: string; status: string; name: string }[];
}

/** The partner page of `id` with `origin` to add to its allowed origins. */
const approveUrl = (id: string, origin: string) => `${routeUrl({ name: 'partner', id })}?${new URLSearchParams({ origin })}`;

/** The list under the partners; `partners` are the ones the page shows (any of them can be chosen). */
export function SitesNotApproved({ me, partners }: { me: Me; partners: Partner[] }) {
  const { t, lang } = useT();
  const [sites, setSites] = useState<Site[] | undefined>();
  const [error, setError] = useText();
  useEffect(() => {
    let live = true;
    api<{ sites: Site[] }>('sites').then(
      (result) => live && setSites(result.sites),
      (caught: ApiError) => live && setError((t) => errorText(t, caught)),
    );
    return () => {
      live = false;
    };
  }, [setError]);
  const admin = me.role === 'admin';
  const choose = (origin: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = new FormData(event.currentTarget).get('partner');
    if (typeof id === 'string' && id) navigate(approveUrl(id, origin));
  };
  const inbox = '/admin?site=unapproved';
  return (
    <section aria-labelledby="sites-title" className="sites">
      <h2 id="sites-title">{t('consolePartners.sites.title')}</h2>
      <p>{t('consolePartners.sites.intro')}</p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {sites && !sites.length && <p role="status">{t('consolePartners.sites.empty')}</p>}
      {sites && sites.length > 0 && (
        <table className="leads">
          <caption className="visually-hidden">{t('consolePartners.sites.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('consolePartners.sites.origin')}</th>
              <th scope="col">{t('consolePartners.sites.leads')}</th>
              <th scope="col">{t('consolePartners.sites.last')}</th>
              <th scope="col">{t('consolePartners.sites.claims')}</th>
              {admin && <th scope="col">{t('consolePartners.sites.approve')}</th>}
            </tr>
          </thead>
          <tbody>
            {sites.map((site) => (
              <tr key={site.origin ?? ''}>
                <th scope="row">{site.origin ?? t('consolePartners.sites.noOrigin')}</th>
                <td data-label={t('consolePartners.sites.leads')}>
                  <a href={inbox} onClick={link(inbox)}>
                    {site.leads}
                  </a>
                </td>
                <td data-label={t('consolePartners.sites.last')}>
                  <time dateTime={site.lastAt}>{when(site.lastAt, lang)}</time>
                </td>
                <td data-label={t('consolePartners.sites.claims')}>
                  {site.claims.length ? site.claims.map((code) => <code key={code}>{code} </code>) : '—'}
                </td>
                {admin && (
                  <td data-label={t('consolePartners.sites.approve')}>
                    {site.origin === null ? (
                      '—'
                    ) : (
                      <>
                        {site.partners.map((partner) => (
                          <a
                            key={partner.id}
                            className="button"
                            href={approveUrl(partner.id, site.origin!)}
                            onClick={link(approveUrl(partner.id, site.origin!))}
                          >
                            {t('consolePartners.sites.approveFor', { name: partner.name, code: partner.code })}
                          </a>
                        ))}
                        <form className="inline" onSubmit={choose(site.origin)}>
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
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
