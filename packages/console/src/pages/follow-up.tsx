// A lead's follow-up: when to come back to it (on the operator's clock, whatever the browser's zone)
// and what to do then; quick dates for the usual "tomorrow morning"; done clears it.
import { useState, type FormEvent } from 'react';
import { adminApi } from '../api.ts';
import { useT } from '../i18n.ts';
import { formText } from './form-text.ts';
import { spelled, when } from './format.ts';
import { daysAhead, daysToMonday, fromZoned, toZoned } from './zoned-time.ts';
import { TextField } from './form-kit.tsx';

/** The follow-up form of lead `id`; `act` runs a change and shows its message (see useAction). */
export function FollowUp({
  id,
  at,
  note,
  assigned,
  act,
  setError,
}: {
  id: string;
  at: string | null;
  note: string | null;
  /** Whether the lead has an assignee (else saving makes it the operator's). */
  assigned: boolean;
  act: (work: () => Promise<unknown>, done: 'consoleWork.followUp.saved' | 'consoleWork.followUp.cleared') => Promise<boolean>;
  setError: (text: (t: ReturnType<typeof useT>['t']) => string) => void;
}) {
  const { t, lang, zone = 'UTC' } = useT();
  const [value, setValue] = useState(at ? toZoned(at, zone) : '');
  // The time the page was drawn: what is late, and what "tomorrow" means.
  const [now] = useState(() => new Date());
  const late = at !== null && new Date(at).getTime() < now.getTime();
  // The field draws its value in the browser's format; this line says it in the operator's words.
  const chosen = fromZoned(value, zone);
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return setError((tr) => tr('consoleWork.followUp.invalid'));
    const text = formText(new FormData(event.currentTarget), 'follow-up-note').trim();
    void act(() => adminApi('PATCH leads/:id', { id, body: { followUp: { at: chosen, note: text } } }), 'consoleWork.followUp.saved');
  };
  const quick: [string, string][] = [
    [t('consoleWork.followUp.tomorrow'), daysAhead(now, zone, 1)],
    [t('consoleWork.followUp.inThreeDays'), daysAhead(now, zone, 3)],
    [t('consoleWork.followUp.nextMonday'), daysAhead(now, zone, daysToMonday(now, zone))],
  ];
  return (
    <section aria-labelledby="follow-up-title" className="follow-up">
      <h2 id="follow-up-title">{t('consoleWork.followUp.title')}</h2>
      <p className={late ? 'warning' : undefined}>
        {at
          ? t(late ? 'consoleWork.followUp.overdue' : 'consoleWork.followUp.due', { when: when(at, lang, zone) })
          : t('consoleWork.followUp.none')}
        {at && note ? ` — ${note}` : ''}
      </p>
      <form onSubmit={save} key={`${at}-${note}`}>
        <TextField
          id="follow-up-at"
          label={t('consoleWork.followUp.when')}
          type="datetime-local"
          required
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          describedBy="follow-up-zone"
        />
        <p id="follow-up-zone" className="hint">
          {chosen
            ? t('consoleWork.followUp.zoneAt', { when: spelled(chosen, lang, zone), zone })
            : t('consoleWork.followUp.zone', { zone })}
        </p>
        <div className="quick" role="group" aria-label={t('consoleWork.followUp.quick')}>
          {quick.map(([label, date]) => (
            <button key={label} type="button" onClick={() => setValue(date)} aria-pressed={value === date}>
              {label}
            </button>
          ))}
        </div>
        <TextField
          id="follow-up-note"
          label={t('consoleWork.followUp.note')}
          name="follow-up-note"
          defaultValue={note ?? ''}
          maxLength={500}
          autoComplete="off"
        />
        {!assigned && <p className="hint">{t('consoleWork.followUp.assignHint')}</p>}
        <div className="actions">
          <button type="submit" className="primary">
            {t('consoleWork.followUp.save')}
          </button>
          {at && (
            <button
              type="button"
              onClick={() => void act(() => adminApi('PATCH leads/:id', { id, body: { followUp: null } }), 'consoleWork.followUp.cleared')}
            >
              {t('consoleWork.followUp.done')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
