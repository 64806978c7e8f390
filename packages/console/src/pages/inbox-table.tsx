// The inbox's table: a checkbox per lead for bulk work, its name (the link), kind and language, a
// column per sort key (LEAD_SORTS: its header sorts), the assignee, the e-mail, phone and WhatsApp
// links, and the first words with labels in the operator's language.
import type { ReactNode } from 'react';
import type { Lang } from '@obra/i18n';
import type { LeadItem } from '@obra/schema/admin-contract';
import { LEAD_SORTS, type LeadSort } from '@obra/schema/console';
import { useT, type ConsoleI18n, type ConsoleKey } from '../i18n.ts';
import { filterQuery, link, navigate, type Filter } from '../url-state.ts';
import { EmailLink, PhoneLinks } from './contact-links.tsx';
import { estimateMoney, when } from './format.ts';

/** Each sort key's column: its header and its cell. */
const SORT_COLUMNS: Record<
  LeadSort,
  { header: ConsoleKey; cell: (lead: LeadItem, format: (at: string) => string, t: ConsoleI18n['t'], lang: Lang) => ReactNode }
> = {
  received: {
    header: 'consoleWork.columns.received',
    cell: (lead, format) => <time dateTime={lead.created_at}>{format(lead.created_at)}</time>,
  },
  status: {
    header: 'console.inbox.status',
    cell: (lead, _format, t) => <span className={`badge ${lead.status}`}>{t(`console.status.${lead.status}`)}</span>,
  },
  follow_up: {
    header: 'consoleWork.columns.followUp',
    cell: (lead, format, t) => {
      if (!lead.follow_up_at) return null;
      const late = new Date(lead.follow_up_at).getTime() < Date.now();
      return (
        <span className={late ? 'follow-up-late' : undefined}>
          <time dateTime={lead.follow_up_at}>{format(lead.follow_up_at)}</time>
          {late && <> ({t('consoleWork.columns.late')})</>}
          {lead.follow_up_note && <span className="muted block">{lead.follow_up_note}</span>}
        </span>
      );
    },
  },
  value: {
    header: 'console.inbox.value',
    cell: (lead, _format, _t, lang) => (lead.value_usd === null ? '—' : estimateMoney(lead.value_usd, 'USD', lang)),
  },
};

/** The header of a sortable column: a button that sorts by it (again: the other way), with aria-sort on its cell. */
function SortHeader({ sort, filter }: { sort: LeadSort; filter: Filter }) {
  const { t } = useT();
  const current = (filter.sort ?? 'received') === sort;
  const dir = current ? (filter.dir ?? LEAD_SORTS[sort]) : undefined;
  const next = current ? (dir === 'asc' ? 'desc' : 'asc') : LEAD_SORTS[sort];
  const label = t(SORT_COLUMNS[sort].header);
  return (
    <th scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
      <button
        type="button"
        className="sort"
        onClick={() =>
          navigate(`/admin/leads${filterQuery({ ...filter, after: undefined, sort, dir: next === LEAD_SORTS[sort] ? undefined : next })}`)
        }
      >
        {label}
        <span aria-hidden="true">{dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ''}</span>
        <span className="visually-hidden"> — {t('consoleWork.sort.by', { column: label })}</span>
      </button>
    </th>
  );
}

/** The table of `leads`, with `selected` checked; `toggle` checks or unchecks one lead (or, with null, every one on the page). */
export function LeadTable({
  leads,
  filter,
  selected,
  toggle,
}: {
  leads: LeadItem[];
  filter: Filter;
  selected: ReadonlySet<string>;
  toggle: (id: string | null) => void;
}) {
  const { t, lang, zone } = useT();
  const format = (at: string) => when(at, lang, zone);
  const sorts = Object.keys(LEAD_SORTS) as LeadSort[];
  const all = leads.every((lead) => selected.has(lead.id));
  return (
    <table className="leads">
      <caption className="visually-hidden">{t('console.inbox.results')}</caption>
      <thead>
        <tr>
          <td className="select">
            <input type="checkbox" checked={all} onChange={() => toggle(null)} aria-label={t('consoleWork.columns.selectPage')} />
          </td>
          <th scope="col">{t('console.inbox.name')}</th>
          <th scope="col">{t('console.inbox.kind')}</th>
          {sorts.map((sort) => (
            <SortHeader key={sort} sort={sort} filter={filter} />
          ))}
          <th scope="col">{t('consoleWork.columns.assignee')}</th>
          <th scope="col">{t('consoleWork.columns.contact')}</th>
          <th scope="col">{t('console.inbox.summary')}</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} className={selected.has(lead.id) ? 'selected' : undefined}>
            <td className="select">
              <input
                type="checkbox"
                checked={selected.has(lead.id)}
                onChange={() => toggle(lead.id)}
                aria-label={t('consoleWork.columns.selectOne', { name: lead.name || lead.email })}
              />
            </td>
            <th scope="row">
              <a href={`/admin/leads/${lead.id}`} onClick={link(`/admin/leads/${lead.id}`)}>
                {lead.name || '—'}
              </a>
            </th>
            <td className="kind-cell" data-label={t('console.inbox.kind')}>
              {/* It may wrap between the kind's words ("Formulario de contacto" in Spanish), never before its language. */}
              {t(`console.kind.${lead.kind}`)}&nbsp;<span className="muted">·&nbsp;{lead.lang.toUpperCase()}</span>
            </td>
            {sorts.map((sort) => (
              <td key={sort} className={`col-${sort}`} data-label={t(SORT_COLUMNS[sort].header)}>
                {SORT_COLUMNS[sort].cell(lead, format, t, lang)}
              </td>
            ))}
            <td data-label={t('consoleWork.columns.assignee')}>{lead.assignee_email ?? t('consoleWork.columns.nobody')}</td>
            <td data-label={t('consoleWork.columns.contact')} className="contact">
              <EmailLink email={lead.email} />
              <PhoneLinks phone={lead.phone} international={lead.phone_international} name={lead.name} />
            </td>
            <td data-label={t('console.inbox.summary')} className="summary">
              {/* Two lines at most on the list (all of it on the lead's page, and to screen readers). */}
              <span className="clamp">{lead.readable?.[lang] ?? lead.summary}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
