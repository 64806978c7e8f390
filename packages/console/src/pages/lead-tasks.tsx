// A lead's tasks on its page (issue 40): the open ones by time with "Done", those done with "Open
// again", and a form to add one (type, time on the operator's clock, for whom, note). The lead's
// follow-up above is its next open task. Also the timeline's words for tasks and rule assignments.
import { useState, type FormEvent } from 'react';
import type { LeadDetail, OperatorItem } from '@obra/schema/admin-contract';
import { TASK_TYPES, type TaskType } from '@obra/schema/console';
import type { Lang } from '@obra/i18n';
import { adminApi, type Me } from '../api.ts';
import { useT, type ConsoleI18n, type ConsoleKey } from '../i18n.ts';
import { formText } from './form-text.ts';
import { when } from './format.ts';
import { useLoad } from './list-parts.tsx';
import { daysAhead, fromZoned } from './zoned-time.ts';
import { SelectField, TextField } from './form-kit.tsx';

/** The timeline's event types this file words. */
const TASK_EVENTS: readonly string[] = ['task', 'task-done', 'rule-assign'];

/** The words of a task or rule-assignment event, or undefined for another type. */
export function taskEventText(
  t: ConsoleI18n['t'],
  event: Pick<LeadDetail['timeline'][number], 'type' | 'detail'>,
  lang: Lang,
  zone?: string,
): string | undefined {
  if (!TASK_EVENTS.includes(event.type)) return undefined;
  const [first = '', second = '', ...rest] = event.detail.split('\n');
  if (event.type === 'rule-assign') return t('consoleTasks.event.rule-assign', { email: first, rule: [second, ...rest].join(' ') });
  const type = (TASK_TYPES as readonly string[]).includes(first) ? t(`consoleTasks.type.${first as TaskType}`) : first;
  const detail = [`${type}, ${second ? when(second, lang, zone) : ''}`, rest.join('\n')].filter(Boolean).join(': ');
  return t(event.type === 'task' ? 'consoleTasks.event.task' : 'consoleTasks.event.task-done', { detail });
}

/** The tasks section of lead `id`; `act` runs a change, shows its message and reloads the lead. */
export function LeadTasks({
  id,
  assignee,
  users,
  me,
  act,
  setError,
}: {
  id: string;
  assignee: string | null;
  users: OperatorItem[];
  me: Me;
  act: (work: () => Promise<unknown>, done: ConsoleKey) => Promise<boolean>;
  setError: (text: (t: ConsoleI18n['t']) => string) => void;
}) {
  const { t, lang, zone = 'UTC' } = useT();
  const { data, reload } = useLoad('GET leads/:id/tasks', { id });
  const [now] = useState(() => new Date());
  const [due, setDue] = useState(() => daysAhead(now, zone, 1));
  const change = (work: () => Promise<unknown>, done: ConsoleKey) => act(work, done).then((ok) => (reload(), ok));
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const at = fromZoned(due, zone);
    if (!at) return setError((tr) => tr('consoleTasks.lead.invalid'));
    const body = {
      type: formText(data, 'task-type') as TaskType,
      due: at,
      note: formText(data, 'task-note').trim(),
      assignee: formText(data, 'task-assignee') || null,
    };
    void change(() => adminApi('POST leads/:id/tasks', { id, body }), 'consoleTasks.lead.saved').then((ok) => ok && form.reset());
  };
  const tasks = data?.tasks;
  return (
    <section aria-labelledby="tasks-title" className="lead-tasks">
      <h2 id="tasks-title">{t('consoleTasks.lead.title')}</h2>
      {tasks && !tasks.length && <p>{t('consoleTasks.lead.none')}</p>}
      {tasks && tasks.length > 0 && (
        <ul className="task-list">
          {tasks.map((task) => (
            <li key={task.id} className={task.done_at ? 'done' : new Date(task.due_at) < now ? 'late' : undefined}>
              <p>
                <strong>{t(`consoleTasks.type.${task.type}`)}</strong> · <time dateTime={task.due_at}>{when(task.due_at, lang, zone)}</time>
                {task.assignee_email ? ` · ${task.assignee_email}` : ''}
                {task.done_at ? ` · ${t('consoleTasks.lead.doneAt', { when: when(task.done_at, lang, zone) })}` : ''}
              </p>
              {task.note && <p className="task-note">{task.note}</p>}
              <button
                type="button"
                onClick={() =>
                  void change(
                    () => adminApi('PATCH tasks/:id', { id: task.id, body: { done: !task.done_at } }),
                    task.done_at ? 'consoleTasks.lead.reopened' : 'consoleTasks.lead.doneSaved',
                  )
                }
              >
                {task.done_at ? t('consoleTasks.lead.reopen') : t('consoleTasks.lead.markDone')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="task-form">
        <h3>{t('consoleTasks.lead.add')}</h3>
        <SelectField id="task-type" label={t('consoleTasks.lead.type')} name="task-type" defaultValue="call">
          {TASK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`consoleTasks.type.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="task-due"
          label={t('consoleTasks.lead.due')}
          type="datetime-local"
          required
          value={due}
          onChange={(event) => setDue(event.currentTarget.value)}
        />
        <SelectField id="task-assignee" label={t('consoleTasks.lead.assignee')} name="task-assignee" defaultValue={assignee ?? me.id}>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.email}
            </option>
          ))}
        </SelectField>
        <TextField id="task-note" label={t('consoleTasks.lead.note')} name="task-note" maxLength={500} autoComplete="off" />
        <button type="submit" className="primary">
          {t('consoleTasks.lead.save')}
        </button>
      </form>
    </section>
  );
}
