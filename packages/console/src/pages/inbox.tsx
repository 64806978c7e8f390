// The inbox: filters (kept in the URL), counts per status, one keyset page of leads, export.
import type { FormEvent } from 'react';
import type { Lang } from '@obra/i18n';
import { filterQuery, link, navigate, type Filter } from '../url-state.ts';
import { useT } from '../i18n.ts';
import { estimateMoney, when } from './format.ts';
import { LangAndDates, Pager, useLoad } from './list-parts.tsx';
import { formText } from './form-text.ts';

const KINDS = ['wait-list', 'partner', 'contact', 'report'] as const;
const STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;

interface Lead {
  id: string;
  kind: (typeof KINDS)[number];
  created_at: string;
  status: (typeof STATUSES)[number];
  lang: Lang;
  name: string;
  email: string;
  phone: string;
  summary: string;
  /** A design report's expected value in US dollars (migration 090); null otherwise. */
  value_usd: number | null;
}
interface Page {
  items: Lead[];
  next: string | null;
  counts: Record<string, number>;
  /** The counts stopped at a cap (a date range or free text over many leads): each is "at least". */
  countsCapped: boolean;
}

/** The list of every lead for `filter`. */
export function Inbox({ filter }: { filter: Filter }) {
  const { t, lang } = useT();
  const query = filterQuery(filter);
  const { data: page, error } = useLoad<Page>(`leads${query}`);

  const { after: _after, status: _status, ...rest } = filter;
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Filter = { status: filter.status };
    for (const key of ['kind', 'lang', 'from', 'to', 'q', 'partner', 'campaign', 'site'] as const)
      next[key] = formText(data, key).trim() || undefined;
    navigate(`/admin${filterQuery(next)}`);
  };
  const statusUrl = (status?: string) => `/admin${filterQuery({ ...rest, status })}`;
  const total = page ? Object.values(page.counts).reduce((a, b) => a + b, 0) : 0;
  const shown = (n: number | undefined) => (n === undefined ? '' : page?.countsCapped && n > 0 ? `${n}+` : String(n));

  return (
    <>
      <h1>{t('console.inbox.title')}</h1>
      <form className="filters" onSubmit={apply} aria-label={t('console.inbox.filters')} key={query}>
        <div>
          <label htmlFor="f-q">{t('console.inbox.q')}</label>
          <input id="f-q" name="q" type="search" defaultValue={filter.q ?? ''} maxLength={100} />
        </div>
        <div>
          <label htmlFor="f-kind">{t('console.inbox.kind')}</label>
          <select id="f-kind" name="kind" defaultValue={filter.kind ?? ''}>
            <option value="">{t('console.inbox.anyKind')}</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`console.kind.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <LangAndDates prefix="f" filter={filter} />
        <div>
          <label htmlFor="f-partner">{t('console.inbox.partner')}</label>
          <input
            id="f-partner"
            name="partner"
            defaultValue={filter.partner ?? ''}
            maxLength={32}
            pattern="[A-Za-z0-9_\-]{3,32}"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div>
          <label htmlFor="f-campaign">{t('console.inbox.campaign')}</label>
          <input id="f-campaign" name="campaign" defaultValue={filter.campaign ?? ''} maxLength={200} autoComplete="off" />
        </div>
        <div className="check">
          <input id="f-site" name="site" type="checkbox" value="unapproved" defaultChecked={filter.site === 'unapproved'} />
          <label htmlFor="f-site">{t('console.inbox.unapprovedSites')}</label>
        </div>
        <div className="actions">
          <button type="submit" className="primary">
            {t('console.inbox.apply')}
          </button>
          <a href="/admin" onClick={link('/admin')}>
            {t('console.inbox.clear')}
          </a>
          <a href={`/api/admin/export.csv${filterQuery({ ...filter, after: undefined })}`} download>
            {t('console.inbox.export')}
          </a>
        </div>
      </form>
      <nav className="counts" aria-label={t('console.inbox.counts')}>
        <ul>
          <li>
            <a href={statusUrl()} onClick={link(statusUrl())} aria-current={!filter.status ? 'page' : undefined}>
              {t('console.inbox.all')} <span className="count">{page ? shown(total) : ''}</span>
            </a>
          </li>
          {STATUSES.map((status) => (
            <li key={status}>
              <a href={statusUrl(status)} onClick={link(statusUrl(status))} aria-current={filter.status === status ? 'page' : undefined}>
                {t(`console.status.${status}`)} <span className="count">{shown(page?.counts[status])}</span>
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
      {!page && !error && <p role="status">{t('console.inbox.loading')}</p>}
      {page && !page.items.length && <p role="status">{t('console.inbox.empty')}</p>}
      {page && page.items.length > 0 && (
        <table className="leads">
          <caption className="visually-hidden">{t('console.inbox.results')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.inbox.name')}</th>
              <th scope="col">{t('console.inbox.kind')}</th>
              <th scope="col">{t('console.inbox.status')}</th>
              <th scope="col">{t('console.inbox.email')}</th>
              <th scope="col">{t('console.inbox.phone')}</th>
              <th scope="col">{t('console.inbox.lang')}</th>
              <th scope="col">{t('console.inbox.when')}</th>
              <th scope="col">{t('console.inbox.summary')}</th>
              <th scope="col">{t('console.inbox.value')}</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((lead) => (
              <tr key={lead.id}>
                <th scope="row">
                  <a href={`/admin/leads/${lead.id}`} onClick={link(`/admin/leads/${lead.id}`)}>
                    {lead.name || '—'}
                  </a>
                </th>
                <td data-label={t('console.inbox.kind')}>{t(`console.kind.${lead.kind}`)}</td>
                <td data-label={t('console.inbox.status')}>
                  <span className={`badge ${lead.status}`}>{t(`console.status.${lead.status}`)}</span>
                </td>
                <td data-label={t('console.inbox.email')}>{lead.email}</td>
                <td data-label={t('console.inbox.phone')}>{lead.phone}</td>
                <td data-label={t('console.inbox.lang')}>{lead.lang.toUpperCase()}</td>
                <td data-label={t('console.inbox.when')}>
                  <time dateTime={lead.created_at}>{when(lead.created_at, lang)}</time>
                </td>
                <td data-label={t('console.inbox.summary')} className="summary">
                  {lead.summary}
                </td>
                <td data-label={t('console.inbox.value')} className="value">
                  {lead.value_usd === null ? '—' : estimateMoney(lead.value_usd, 'USD', lang)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        newest={filter.after ? `/admin${filterQuery({ ...filter, after: undefined })}` : undefined}
        older={page?.next ? `/admin${filterQuery({ ...filter, after: page.next })}` : undefined}
        olderLabel={t('console.inbox.older')}
      />
    </>
  );
}
