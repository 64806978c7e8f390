// What to do with the leads selected in the inbox (on this page, or every one matching the
// filter): a status, an assignee, a CSV of them, or deletion for admins after a confirmation. A
// status or assignee change says what it did and offers its undo, which puts each lead back.
import { useState } from 'react';
import { BULK_LIMIT, LEAD_STATUSES, type LeadStatus } from '@obra/schema/console';
import type { AdminRequest } from '@obra/schema/admin-contract';
import { adminApi, adminUrl, type ApiError, type Me } from '../api.ts';
import { formText } from './form-text.ts';
import { useT, type ConsoleI18n } from '../i18n.ts';
import { Feedback } from './feedback.tsx';
import { filterQuery, type Filter } from '../url-state.ts';
import { errorText } from './errors.ts';
import { useText } from './use-action.ts';
import { SelectField } from './form-kit.tsx';

/** The selection: ids on this page, or every lead matching the filter (`all`, with how many). */
export interface Selection {
  ids: ReadonlySet<string>;
  all: boolean;
}

const CODES = { 'too-many': 'consoleWork.bulk.tooMany' } as const;

/** The bulk actions on `selection`; `matching` is how many leads the filter finds (null when the count stopped at its cap). */
export function BulkBar({
  me,
  filter,
  selection,
  matching,
  users,
  selectAll,
  clear,
  changed,
}: {
  me: Me;
  filter: Filter;
  selection: Selection;
  matching: number | null;
  users: { id: string; email: string }[];
  selectAll: () => void;
  clear: () => void;
  /** After a change: the list and the badge are read again. */
  changed: () => void;
}) {
  const { t } = useT();
  const [message, setMessage] = useText();
  const [error, setError] = useText();
  const [confirming, setConfirming] = useState(false);
  // The operator's last status or assignee change: its undo stays offered (even once the changed
  // leads left the filter, and the selection with them) until they undo it or change again.
  const [undo, setUndo] = useState<string | null>(null);
  const count = selection.all ? (matching ?? 0) : selection.ids.size;
  const target = selection.all
    ? { query: filterQuery({ ...filter, after: undefined, sort: undefined, dir: undefined }).slice(1) }
    : { ids: [...selection.ids] };
  const run = async (body: Omit<AdminRequest<'POST leads/bulk'>, 'ids' | 'query'>) => {
    setMessage('');
    setError('');
    setConfirming(false);
    try {
      const { changed: n, undo: id } = await adminApi('POST leads/bulk', { body: { ...target, ...body } });
      const value =
        body.action === 'status'
          ? (t: ConsoleI18n['t']) => t(`console.status.${body.status!}`)
          : (t: ConsoleI18n['t']) => users.find((user) => user.id === body.assignee)?.email ?? t('consoleWork.bulk.nobody');
      setMessage((t) =>
        body.action === 'delete'
          ? t('consoleWork.bulk.deleted', { count: n })
          : t('consoleWork.bulk.changedTo', { count: n, value: value(t) }),
      );
      setUndo(id ?? null);
      // "Every lead matching" would now be others (those changed may have left the filter): it ends.
      if (body.action === 'delete' || selection.all) clear();
      changed();
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, CODES));
    }
  };
  const undoLast = async () => {
    if (!undo) return;
    setMessage('');
    setError('');
    try {
      const { changed: n } = await adminApi('POST bulk-changes/:id/undo', { id: undo });
      setUndo(null);
      setMessage((t) => t('consoleWork.bulk.undone', { count: n }));
      changed();
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, CODES));
    }
  };
  const exportUrl = selection.all
    ? adminUrl('GET export.csv', { query: filter })
    : adminUrl('GET export.csv', { query: { ids: [...selection.ids].join(',') } });
  // The live regions stay when nothing is selected: "Deleted: 5" is read after the selection went.
  const live = (
    <>
      <Feedback message={message} error={error} />
      {undo && (
        <p className="bulk-undo">
          <button type="button" onClick={() => void undoLast()}>
            {t('consoleWork.bulk.undo')}
          </button>
        </p>
      )}
    </>
  );
  return (
    <div className="bulk-area">
      {count > 0 && (
        <section className="bulk" aria-label={t('consoleWork.bulk.label')}>
          <p className="bulk-count">
            <strong>{t('consoleWork.bulk.selected', { count })}</strong>{' '}
            {selection.all ? (
              t('consoleWork.bulk.allSelected', { count })
            ) : matching !== null && matching > selection.ids.size && matching <= BULK_LIMIT ? (
              <button type="button" className="link" onClick={selectAll}>
                {t('consoleWork.bulk.allMatching', { count: matching })}
              </button>
            ) : matching === null ? (
              t('consoleWork.bulk.tooMany', { max: BULK_LIMIT })
            ) : null}{' '}
            <button type="button" className="link" onClick={clear}>
              {t('consoleWork.bulk.clear')}
            </button>
          </p>
          <form
            className="bulk-row"
            onSubmit={(event) => {
              event.preventDefault();
              void run({ action: 'status', status: formText(new FormData(event.currentTarget), 'bulk-status') as LeadStatus });
            }}
          >
            <SelectField id="bulk-status" label={t('consoleWork.bulk.status')} name="bulk-status" required defaultValue="">
              <option value="" disabled>
                {t('consoleWork.bulk.pick')}
              </option>
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`console.status.${status}`)}
                </option>
              ))}
            </SelectField>
            <button type="submit">{t('consoleWork.bulk.applyStatus')}</button>
          </form>
          <form
            className="bulk-row"
            onSubmit={(event) => {
              event.preventDefault();
              const value = formText(new FormData(event.currentTarget), 'bulk-assignee');
              void run({ action: 'assign', assignee: value === 'none' ? null : value === 'me' ? me.id : value });
            }}
          >
            <SelectField id="bulk-assignee" label={t('consoleWork.bulk.assign')} name="bulk-assignee" required defaultValue="">
              <option value="" disabled>
                {t('consoleWork.bulk.pick')}
              </option>
              <option value="me">{t('consoleWork.filters.me')}</option>
              <option value="none">{t('consoleWork.bulk.nobody')}</option>
              {users
                .filter((user) => user.id !== me.id)
                .map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.email}
                  </option>
                ))}
            </SelectField>
            <button type="submit">{t('consoleWork.bulk.applyAssign')}</button>
          </form>
          <p className="bulk-row">
            <a className="button" href={exportUrl} download>
              {t('consoleWork.bulk.export')}
            </a>
            {me.role === 'admin' && !confirming && (
              <button type="button" className="destructive" onClick={() => setConfirming(true)}>
                {t('consoleWork.bulk.delete')}
              </button>
            )}
          </p>
          {confirming && (
            <div role="group" aria-labelledby="bulk-delete-question" className="confirm">
              <p id="bulk-delete-question">{t('consoleWork.bulk.deleteConfirm', { count })}</p>
              <button type="button" className="destructive" onClick={() => void run({ action: 'delete' })}>
                {t('consoleWork.bulk.deleteYes', { count })}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {t('consoleWork.bulk.cancel')}
              </button>
            </div>
          )}
        </section>
      )}
      {live}
    </div>
  );
}
