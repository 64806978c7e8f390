// "My tasks" (issue 40): the operator's open tasks on open leads, the overdue first, then today's
// (on their clock), then later ones, each with its type, lead and time, marked done from the list;
// pages of 50 read by keyset ("Show more"). Also the navigation badge of leads a rule gave the
// operator that they have not opened yet.
import { useCallback, useEffect, useState } from 'react';
import type { MyTask } from '@obra/schema/admin-contract';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { link, type Route } from '../url-state.ts';
import { errorText } from './errors.ts';
import { Feedback } from './feedback.tsx';
import { when } from './format.ts';
import { ListStates, ListTable, type Column } from './list-parts.tsx';
import { useText } from './use-action.ts';
import { daysAhead, fromZoned } from './zoned-time.ts';

/** How often the badge of new assignments is read again while the console stays open. */
const UNSEEN_EVERY_MS = 60_000;

/** The operator's tasks screen. */
export function MyTasks() {
  const { t, lang, zone = 'UTC' } = useT();
  const [items, setItems] = useState<MyTask[] | undefined>();
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useText();
  const [message, setMessage] = useText();
  const [now, setNow] = useState(() => new Date());
  const read = useCallback(
    (after?: string) =>
      adminApi('GET tasks', { query: { after } }).then(
        (page) => {
          setItems((shown) => (after ? [...(shown ?? []), ...page.items] : page.items));
          setNext(page.next);
        },
        (caught: ApiError) => setError((tr) => errorText(tr, caught)),
      ),
    [setError],
  );
  useEffect(() => void read(), [read]);
  const done = async (task: MyTask) => {
    setError('');
    setMessage('');
    try {
      await adminApi('PATCH tasks/:id', { id: task.id, body: { done: true } });
      setItems((shown) => shown?.filter((item) => item.id !== task.id));
      setMessage((tr) => tr('consoleTasks.tasks.doneSaved'));
      setNow(new Date());
    } catch (caught) {
      setError((tr) => errorText(tr, caught as ApiError));
    }
  };
  const endOfToday = Date.parse(fromZoned(daysAhead(now, zone, 1, 0), zone) ?? '');
  const sections = [
    ['overdue', (task: MyTask) => Date.parse(task.due_at) < now.getTime()],
    ['today', (task: MyTask) => Date.parse(task.due_at) >= now.getTime() && Date.parse(task.due_at) < endOfToday],
    ['later', (task: MyTask) => Date.parse(task.due_at) >= endOfToday],
  ] as const;
  const columns: Column<MyTask>[] = [
    {
      head: t('consoleTasks.tasks.lead'),
      cell: (task) => (
        <a href={`/admin/leads/${task.lead_id}`} onClick={link(`/admin/leads/${task.lead_id}`)}>
          {task.lead_name}
        </a>
      ),
    },
    { head: t('consoleTasks.tasks.type'), cell: (task) => t(`consoleTasks.type.${task.type}`) },
    { head: t('consoleTasks.tasks.due'), cell: (task) => <time dateTime={task.due_at}>{when(task.due_at, lang, zone)}</time> },
    { head: t('consoleTasks.tasks.note'), className: 'task-note', cell: (task) => task.note || '—' },
    {
      head: t('consoleTasks.tasks.done'),
      hiddenHead: true,
      cell: (task) => (
        <button
          type="button"
          onClick={() => void done(task)}
          aria-label={t('consoleTasks.tasks.markDone', { type: t(`consoleTasks.type.${task.type}`), name: task.lead_name })}
        >
          {t('consoleTasks.lead.markDone')}
        </button>
      ),
    },
  ];
  return (
    <section aria-labelledby="my-tasks-title" className="my-tasks">
      <h1 id="my-tasks-title">{t('consoleTasks.tasks.title')}</h1>
      <p>{t('consoleTasks.tasks.intro', { zone })}</p>
      <Feedback message={message} error={error} />
      <ListStates items={items} error="" empty={t('consoleTasks.tasks.none')} />
      {items &&
        sections.map(([name, test]) => {
          const shown = items.filter(test);
          return shown.length ? (
            <section key={name} aria-labelledby={`tasks-${name}`}>
              <h2 id={`tasks-${name}`} className={name === 'overdue' ? 'warning' : undefined}>
                {t(`consoleTasks.tasks.${name}`)} ({shown.length})
              </h2>
              <ListTable
                items={shown}
                empty=""
                caption={t(`consoleTasks.tasks.${name}`)}
                className="users task-table"
                columns={columns}
                rowKey={(task) => task.id}
              />
            </section>
          ) : null;
        })}
      {next && (
        <p>
          <button type="button" onClick={() => void read(next)}>
            {t('consoleTasks.tasks.more')}
          </button>
        </p>
      )}
    </section>
  );
}

/** The count of leads a rule gave `me` that they have not opened: read on each screen change and every minute. */
export function useUnseen(me: Me | undefined, route: Route): number {
  const [unseen, setUnseen] = useState(0);
  useEffect(() => {
    if (!me) return;
    const reload = () =>
      void adminApi('GET assignments').then(
        ({ unseen }) => setUnseen(unseen),
        () => undefined,
      );
    reload();
    const timer = setInterval(reload, UNSEEN_EVERY_MS);
    return () => clearInterval(timer);
  }, [me, route]);
  return unseen;
}
