// The inbox: work queues, saved views and filters (kept in the URL), counts per status, one keyset
// page of leads in the chosen sort, bulk work on a selection, export.
import { useEffect, useState } from 'react';
import { LEAD_STATUSES } from '@obra/schema/console';
import { adminApi, type Me } from '../api.ts';
import { filterQuery, link, type Filter } from '../url-state.ts';
import { useT } from '../i18n.ts';
import { BulkBar, type Selection } from './bulk-bar.tsx';
import { Filters, Queues } from './inbox-filters.tsx';
import { LeadTable } from './inbox-table.tsx';
import { ListStates, Pager, useLoad } from './list-parts.tsx';
import { SavedViews } from './saved-views.tsx';

const NOTHING: Selection = { ids: new Set(), all: false };

/** The list of every lead for `filter`; `onChange` tells the shell a bulk change happened (its badge). */
export function Inbox({ filter, me, onChange }: { filter: Filter; me: Me; onChange: () => void }) {
  const { t } = useT();
  const query = filterQuery(filter);
  const { data: page, error, reload } = useLoad('GET leads', { query: filter });
  const [users, setUsers] = useState<{ id: string; email: string }[]>([]);
  const [selection, setSelection] = useState<Selection>(NOTHING);
  useEffect(() => {
    void adminApi('GET users').then(
      ({ users }) => setUsers(users),
      () => undefined,
    );
  }, []);
  // Another page or filter: another selection.
  useEffect(() => setSelection(NOTHING), [query]);

  const { after: _after, status: _status, ...rest } = filter;
  const statusUrl = (status?: string) => `/admin/leads${filterQuery({ ...rest, status })}`;
  // "All" is every status but spam, which has its own tab (the server's filter.ts).
  const total = page ? Object.entries(page.counts).reduce((sum, [status, n]) => (status === 'spam' ? sum : sum + n), 0) : 0;
  const matching = page
    ? page.countsCapped
      ? null
      : filter.status
        ? ((page.counts as Record<string, number>)[filter.status] ?? 0)
        : total
    : 0;
  const shown = (n: number | undefined) => (n === undefined ? '' : page?.countsCapped && n > 0 ? `${n}+` : String(n));
  const toggle = (id: string | null) =>
    setSelection((before) => {
      const ids = new Set(before.all ? [] : before.ids);
      if (id === null) {
        const every = page?.items.every((lead) => ids.has(lead.id));
        for (const lead of page?.items ?? []) {
          if (every) ids.delete(lead.id);
          else ids.add(lead.id);
        }
      } else if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { ids, all: false };
    });

  return (
    <>
      <h1>{t('console.inbox.title')}</h1>
      <div className="inbox-top">
        <Queues filter={filter} />
        <SavedViews filter={filter} />
      </div>
      <Filters filter={filter} users={users} />
      <nav className="counts" aria-label={t('console.inbox.counts')}>
        <ul>
          <li>
            <a href={statusUrl()} onClick={link(statusUrl())} aria-current={!filter.status ? 'page' : undefined}>
              {t('console.inbox.all')} <span className="count">{page ? shown(total) : ''}</span>
            </a>
          </li>
          {LEAD_STATUSES.map((status) => (
            <li key={status}>
              <a href={statusUrl(status)} onClick={link(statusUrl(status))} aria-current={filter.status === status ? 'page' : undefined}>
                {t(`console.status.${status}`)} <span className="count">{shown(page?.counts[status])}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <BulkBar
        me={me}
        filter={filter}
        selection={
          selection.all || !page
            ? selection
            : { ids: new Set(page.items.filter((lead) => selection.ids.has(lead.id)).map((lead) => lead.id)), all: false }
        }
        matching={matching}
        users={users}
        selectAll={() => setSelection({ ids: new Set(), all: true })}
        clear={() => setSelection(NOTHING)}
        changed={() => {
          reload();
          onChange();
        }}
      />
      <ListStates items={page?.items} error={error} empty={t('console.inbox.empty')} />
      {page && page.items.length > 0 && (
        <LeadTable
          leads={page.items}
          filter={filter}
          selected={selection.all ? new Set(page.items.map((lead) => lead.id)) : selection.ids}
          toggle={toggle}
        />
      )}
      <Pager
        newest={filter.after ? `/admin/leads${filterQuery({ ...filter, after: undefined })}` : undefined}
        older={page?.next ? `/admin/leads${filterQuery({ ...filter, after: page.next })}` : undefined}
        olderLabel={t('console.inbox.older')}
      />
    </>
  );
}
