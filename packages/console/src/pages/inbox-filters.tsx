// The inbox's work queues (tabs) and filters. Filters apply as they change: a choice at once, typed
// text after a pause (replacing the history entry, so Back does not step through each letter). On
// a phone they fold away under one "Filters (n active)" line.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n.ts';
import { adminUrl } from '../api.ts';
import { FILTER_KEYS, filterQuery, link, navigate, type Filter } from '../url-state.ts';
import { KindFilter, LangAndDates, OperatorFilter, PartnerFilter, SearchFilter } from './list-parts.tsx';
import { Check, SelectField, TextField } from './form-kit.tsx';

/** How long typing may pause before the list follows it. */
const TYPING_MS = 450;
/** What the filter fields write: the inbox's query but the status, the sort and the page, set elsewhere. */
const ELSEWHERE: readonly string[] = ['status', 'sort', 'dir', 'after'];
const FIELDS = FILTER_KEYS.filter((key) => !ELSEWHERE.includes(key));
/** The work queues: what each sets (everything else of the filter is left as it is, the page aside). */
const QUEUES = [
  ['all', { assignee: undefined, due: undefined }],
  ['mine', { assignee: 'me', due: undefined }],
  ['none', { assignee: 'none', due: undefined }],
  ['today', { assignee: 'me', due: 'today', sort: 'follow_up' }],
  ['overdue', { assignee: 'me', due: 'overdue', sort: 'follow_up' }],
] as const;

const url = (filter: Filter) => `/admin/leads${filterQuery({ ...filter, after: undefined })}`;

/** The queue tabs over the list. */
export function Queues({ filter }: { filter: Filter }) {
  const { t } = useT();
  return (
    <nav className="queues" aria-label={t('consoleWork.queues.label')}>
      <ul>
        {QUEUES.map(([name, sets]) => {
          const target = url({ ...filter, ...sets });
          const current = filter.assignee === sets.assignee && filter.due === sets.due;
          return (
            <li key={name}>
              <a href={target} onClick={link(target)} aria-current={current ? 'page' : undefined}>
                {t(`consoleWork.queues.${name}`)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The operators to choose from, with the one the address names while their list is still coming
 * (by its id, the same option then): a select without it would show "Anyone", and the next change
 * of another filter would drop it.
 */
const assignees = (users: { id: string; email: string }[], chosen: string | undefined) =>
  !chosen || chosen === 'me' || chosen === 'none' || users.some((user) => user.id === chosen)
    ? users
    : [...users, { id: chosen, email: '…' }];

/** The filter form; `users` are the operators one may filter by. */
export function Filters({ filter, users }: { filter: Filter; users: { id: string; email: string }[] }) {
  const { t } = useT();
  const query = filterQuery(filter);
  // The form's own changes leave its fields alone (the caret stays); a change from elsewhere (a tab, Back) resets them.
  const own = useRef('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (query !== own.current) setVersion((n) => n + 1);
  }, [query]);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const apply = (form: HTMLFormElement, replace: boolean) => {
    const data = new FormData(form);
    const next: Filter = { ...filter, after: undefined };
    for (const key of FIELDS) {
      const value = data.get(key);
      next[key] = typeof value === 'string' && value.trim() ? value.trim() : undefined;
    }
    own.current = filterQuery(next);
    if (own.current !== query) navigate(url(next), { replace });
  };
  const active = FIELDS.filter((key) => filter[key]).length;
  // Folded until a filter is set (then open, showing what narrows the list): the list starts high
  // enough for a dozen leads on a laptop's screen; `/` unfolds it to search.
  const [open] = useState(() => active > 0);
  return (
    <details className="filters-box" open={open}>
      <summary>{active ? t('consoleWork.filters.active', { count: active }) : t('consoleWork.filters.summary')}</summary>
      <form
        className="filters"
        key={version}
        aria-label={t('console.inbox.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(typing.current);
          apply(event.currentTarget, false);
        }}
        onChange={(event) => {
          const form = event.currentTarget;
          const typed = event.target instanceof HTMLInputElement && !['date', 'checkbox'].includes(event.target.type);
          clearTimeout(typing.current);
          if (typed) typing.current = setTimeout(() => apply(form, true), TYPING_MS);
          else apply(form, false);
        }}
      >
        <SearchFilter id="f-q" value={filter.q} />
        <KindFilter id="f-kind" value={filter.kind} />
        <OperatorFilter
          id="f-assignee"
          name="assignee"
          label={t('consoleWork.filters.assignee')}
          value={filter.assignee}
          users={assignees(users, filter.assignee)}
        />
        <SelectField id="f-due" label={t('consoleWork.filters.due')} name="due" defaultValue={filter.due ?? ''} wrap>
          <option value="">{t('consoleWork.filters.anyDue')}</option>
          <option value="today">{t('consoleWork.queues.today')}</option>
          <option value="overdue">{t('consoleWork.queues.overdue')}</option>
        </SelectField>
        <LangAndDates prefix="f" filter={filter} />
        <PartnerFilter id="f-partner" value={filter.partner} />
        <TextField
          id="f-campaign"
          label={t('console.inbox.campaign')}
          name="campaign"
          defaultValue={filter.campaign ?? ''}
          maxLength={200}
          autoComplete="off"
          wrap
        />
        <Check
          id="f-site"
          label={t('console.inbox.unapprovedSites')}
          name="site"
          value="unapproved"
          defaultChecked={filter.site === 'unapproved'}
        />
        <div className="actions">
          <button type="submit" className="primary">
            {t('console.inbox.apply')}
          </button>
          <a href="/admin/leads" onClick={link('/admin/leads')}>
            {t('console.inbox.clear')}
          </a>
          <a href={adminUrl('GET export.csv', { query: filter })} download>
            {t('console.inbox.export')}
          </a>
          <p className="hint">{t('consoleWork.filters.live')}</p>
        </div>
      </form>
    </details>
  );
}
