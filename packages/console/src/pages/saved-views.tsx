// Saved views over the inbox: the operator's named filters and sorts as links (each one's URL can
// be sent to a colleague), a field to name the current one, and a button to delete the open one.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { SavedView } from '@obra/schema/admin-contract';
import { adminApi, type ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import { Feedback } from './feedback.tsx';
import { filterQuery, link, type Filter } from '../url-state.ts';
import { errorText } from './errors.ts';
import { formText } from './form-text.ts';
import { useText } from './use-action.ts';

const CODES = { 'too-many': 'consoleWork.views.tooMany', name: 'consoleWork.views.nameError' } as const;

/** The views of the signed-in operator, with the current `filter` to save. */
export function SavedViews({ filter }: { filter: Filter }) {
  const { t } = useT();
  const [views, setViews] = useState<SavedView[]>([]);
  const [message, setMessage] = useText();
  const [error, setError] = useText();
  const load = useCallback(
    () =>
      adminApi('GET views').then(
        ({ views }) => setViews(views),
        (caught: ApiError) => setError((t) => errorText(t, caught)),
      ),
    [setError],
  );
  useEffect(() => void load(), [load]);
  const current = filterQuery({ ...filter, after: undefined }).slice(1);
  const open = views.find((view) => view.query === current);
  const run = async (work: () => Promise<unknown>, done: 'consoleWork.views.saved' | 'consoleWork.views.deleted') => {
    setMessage('');
    setError('');
    try {
      await work();
      setMessage((t) => t(done));
      await load();
      return true;
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, CODES));
      return false;
    }
  };
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = formText(new FormData(form), 'view-name');
    void run(() => adminApi('POST views', { body: { name, query: current } }), 'consoleWork.views.saved').then((ok) => ok && form.reset());
  };
  return (
    <section className="views" aria-labelledby="views-title">
      <h2 id="views-title" className="visually-hidden">
        {t('consoleWork.views.label')}
      </h2>
      {views.length > 0 && (
        <ul aria-labelledby="views-title">
          {views.map((view) => (
            <li key={view.id}>
              <a
                href={`/admin/leads?${view.query}`}
                onClick={link(`/admin/leads?${view.query}`)}
                aria-current={view === open ? 'page' : undefined}
              >
                {view.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={save} className="inline-row">
        <label htmlFor="view-name" className="visually-hidden">
          {t('consoleWork.views.name')}
        </label>
        <input id="view-name" name="view-name" required maxLength={60} placeholder={t('consoleWork.views.name')} autoComplete="off" />
        <button type="submit">{t('consoleWork.views.save')}</button>
        {open && (
          <button
            type="button"
            className="destructive"
            onClick={() => void run(() => adminApi('DELETE views/:id', { id: open.id }), 'consoleWork.views.deleted')}
          >
            {t('consoleWork.views.delete')}
          </button>
        )}
      </form>
      <Feedback message={message} error={error} />
    </section>
  );
}
