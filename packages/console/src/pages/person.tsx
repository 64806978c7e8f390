// People (docs/operators/console.md#people): on a lead's page, its person (their other leads,
// possible duplicates and whole history); a person's own page; and the list of possible
// duplicates, where two persons are merged (undone from the person's merges) or told apart.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { KeysetPage, PersonBrief, PersonSuggestion, PersonView } from '@obra/schema/admin-contract';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { link } from '../url-state.ts';
import { errorText } from './errors.ts';
import { Feedback } from './feedback.tsx';
import { formText } from './form-text.ts';
import { when } from './format.ts';
import { useEventText } from './timeline-text.ts';
import { ConversationText, isConversation } from './conversations.tsx';
import { useAction } from './use-action.ts';
import { ErrorText, TextAreaField } from './form-kit.tsx';

/** The refusals a merge, a dismissal or an undo may get, by code. */
const REFUSALS = {
  person: 'consolePeople.error.person',
  reason: 'consolePeople.error.reason',
  undone: 'consolePeople.error.undone',
  'later-merge': 'consolePeople.error.later-merge',
} as const;

const personUrl = (id: string) => `/admin/people/${id}`;
const leadUrl = (id: string) => `/admin/leads/${id}`;

/** A person in one line: name, address, phone (whatever they gave). */
const line = (person: Pick<PersonBrief, 'name' | 'email' | 'phone'>) =>
  [person.name, person.email, person.phone].filter(Boolean).join(' · ');

/** A possible duplicate's two buttons: merge (asked first, with an optional reason) and "different people". */
function PairActions({
  into,
  other,
  act,
  label = 'consolePeople.merge',
}: {
  into: PersonBrief;
  other: PersonBrief;
  act: ReturnType<typeof useAction>['run'];
  /** The button's words: "Merge into this person" on a person, "Merge them" in the list. */
  label?: 'consolePeople.merge' | 'consolePeople.mergePair';
}) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const merge = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = formText(new FormData(event.currentTarget), 'reason');
    void act(() => adminApi('POST people/:id/merge', { id: into.id, body: { person: other.id, reason } }), 'consolePeople.merged').then(
      (done) => done && setAsking(false),
    );
  };
  if (!asking)
    return (
      <>
        <button type="button" onClick={() => setAsking(true)}>
          {t(label)}
        </button>{' '}
        <button
          type="button"
          onClick={() =>
            void act(() => adminApi('POST people/:id/dismiss', { id: into.id, body: { person: other.id } }), 'consolePeople.dismissed')
          }
        >
          {t('consolePeople.dismiss')}
        </button>
      </>
    );
  const question = `merge-${into.id}-${other.id}`;
  return (
    <form onSubmit={merge} aria-labelledby={question} className="merge">
      <p id={question}>{t('consolePeople.mergeQuestion', { other: line(other), name: line(into) })}</p>
      <TextAreaField id={`${question}-reason`} label={t('consolePeople.reason')} name="reason" rows={2} maxLength={500} />
      <button type="submit" className="primary">
        {t('consolePeople.mergeYes')}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        {t('consolePeople.cancel')}
      </button>
    </form>
  );
}

/** A person: their leads (`current` marked as this lead), possible duplicates, merges and whole history. */
function PersonDetails({ person, current, me, reload }: { person: PersonView; current?: string; me: Me; reload: () => Promise<unknown> }) {
  const { t, lang, zone } = useT();
  const eventText = useEventText();
  const { run: act, error, message } = useAction(reload, REFUSALS);
  const byId = new Map(person.items.map((item) => [item.id, item]));
  const label = (id: string) => {
    const item = byId.get(id);
    return item
      ? t('consolePeople.leadLabel', { kind: t(`console.kind.${item.kind}`), name: item.name, date: when(item.created_at, lang, zone) })
      : '';
  };
  const others = person.items.filter((item) => item.id !== current);
  return (
    <>
      <p className="person-line">{line(person)}</p>
      <Feedback message={message} error={error} />
      {current &&
        (others.length ? (
          <>
            <p>{t('consolePeople.others', { count: person.leads - 1 })}</p>
            <ul className="person-leads">
              {others.map((item) => (
                <li key={item.id}>
                  <a href={leadUrl(item.id)} onClick={link(leadUrl(item.id))}>
                    {label(item.id)}
                  </a>{' '}
                  <span className={`badge ${item.status}`}>{t(`console.status.${item.status}`)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('consolePeople.alone')}</p>
        ))}
      {!current && (
        <section aria-labelledby="person-leads">
          <h2 id="person-leads">{t('consolePeople.leads')}</h2>
          <ul className="person-leads">
            {person.items.map((item) => (
              <li key={item.id}>
                <a href={leadUrl(item.id)} onClick={link(leadUrl(item.id))}>
                  {label(item.id)}
                </a>{' '}
                <span className={`badge ${item.status}`}>{t(`console.status.${item.status}`)}</span> {item.summary}
              </li>
            ))}
          </ul>
        </section>
      )}
      {person.duplicates.map((other) => (
        <div key={other.id} className="warning duplicate">
          <p>
            {t('consolePeople.duplicateOf', { name: other.name, email: other.email })}{' '}
            <a href={personUrl(other.id)} onClick={link(personUrl(other.id))}>
              {t('consolePeople.leadCount', { count: other.leads })}
            </a>
          </p>
          <PairActions into={person} other={other} act={act} />
        </div>
      ))}
      {person.merges.length > 0 && (
        <>
          <h3>{t('consolePeople.merges')}</h3>
          <ul className="merges">
            {person.merges.map((merge) => (
              <li key={merge.id}>
                <time dateTime={merge.at}>{when(merge.at, lang, zone)}</time> ·{' '}
                {t('consolePeople.mergeLine', { actor: merge.actor ?? t('console.lead.system'), count: merge.leads })}
                {merge.reason && <q>{merge.reason}</q>}{' '}
                {merge.undone ? (
                  <span className="badge">{t('consolePeople.undone')}</span>
                ) : (
                  (me.role === 'admin' || merge.actor === me.email) && (
                    <button
                      type="button"
                      onClick={() => void act(() => adminApi('POST person-merges/:id/undo', { id: merge.id }), 'consolePeople.unmerged')}
                    >
                      {t('consolePeople.undo')}
                    </button>
                  )
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {(!current || others.length > 0 || person.merges.length > 0) && (
        <>
          <h3 id={`history-${person.id}`}>{t('consolePeople.history')}</h3>
          <ol className="timeline person-history" aria-labelledby={`history-${person.id}`}>
            {person.timeline.map((event) => (
              <li key={event.id}>
                <time dateTime={event.at}>{when(event.at, lang, zone)}</time> · {event.actor ?? t('console.lead.system')} ·{' '}
                {event.lead === current ? (
                  t('consolePeople.thisLead')
                ) : (
                  <a href={leadUrl(event.lead)} onClick={link(leadUrl(event.lead))}>
                    {label(event.lead)}
                  </a>
                )}
                {isConversation(event) ? (
                  <ConversationText type={event.type} detail={event.detail} />
                ) : (
                  <p>{eventText(event, byId.get(event.lead)?.kind ?? 'contact')}</p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

/** A person's view, loaded by `load`, reloaded after each change; the refusal to load it shown. */
function usePerson(load: () => Promise<PersonView>) {
  const [person, setPerson] = useState<PersonView | undefined>();
  const [failed, setFailed] = useState<ApiError | undefined>();
  const reload = useCallback(() => load().then(setPerson, setFailed), [load]);
  useEffect(() => void reload(), [reload]);
  return { person, failed, reload };
}

/** The person of lead `lead`, on its page; `onChange` reloads the page's lead after a merge or an undo (its timeline tells them). */
export function PersonSection({ lead, me, onChange }: { lead: string; me: Me; onChange: () => Promise<unknown> }) {
  const { t } = useT();
  const { person, failed, reload } = usePerson(useCallback(() => adminApi('GET leads/:id/person', { id: lead }), [lead]));
  const changed = () => Promise.all([reload(), onChange()]);
  return (
    <section aria-labelledby="person-title" className="person">
      <h2 id="person-title">{t('consolePeople.person')}</h2>
      {failed && <ErrorText>{errorText(t, failed)}</ErrorText>}
      {person && (
        <>
          <PersonDetails key={person.id} person={person} current={lead} me={me} reload={changed} />
          <p>
            <a href={personUrl(person.id)} onClick={link(personUrl(person.id))}>
              {t('consolePeople.open')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

/** The page of person `id`. */
export function PersonPage({ id, me }: { id: string; me: Me }) {
  const { t } = useT();
  const { person, failed, reload } = usePerson(useCallback(() => adminApi('GET people/:id', { id }), [id]));
  return (
    <article aria-labelledby="person-page-title" className="person">
      <h1 id="person-page-title">{person ? t('consolePeople.page', { name: person.name }) : t('consolePeople.person')}</h1>
      {failed && <ErrorText>{errorText(t, failed)}</ErrorText>}
      {!person && !failed && <p role="status">{t('consolePeople.loading')}</p>}
      {person && <PersonDetails key={person.id} person={person} me={me} reload={reload} />}
    </article>
  );
}

/** The possible duplicates, newest first, a page at a time: each pair merged or told apart here. */
export function People() {
  const { t } = useT();
  const [pages, setPages] = useState<KeysetPage<PersonSuggestion>[]>([]);
  const load = useCallback(() => adminApi('GET people/suggestions').then((page) => setPages([page])), []);
  const { run: act, error, setError, message } = useAction(load, REFUSALS);
  useEffect(() => void load().catch((caught: ApiError) => setError((t) => errorText(t, caught))), [load, setError]);
  const more = (after: string) =>
    adminApi('GET people/suggestions', { query: { after } }).then(
      (page) => setPages((shown) => [...shown, page]),
      (caught: ApiError) => setError((t) => errorText(t, caught)),
    );
  const items = pages.flatMap((page) => page.items);
  const next = pages.at(-1)?.next;
  const person = (brief: PersonBrief) => (
    <span>
      <a href={personUrl(brief.id)} onClick={link(personUrl(brief.id))}>
        {brief.name}
      </a>{' '}
      · {[brief.email, brief.phone].filter(Boolean).join(' · ')} · {t('consolePeople.leadCount', { count: brief.leads })}
    </span>
  );
  return (
    <article aria-labelledby="people-title" className="person">
      <h1 id="people-title">{t('consolePeople.title')}</h1>
      <p>{t('consolePeople.intro')}</p>
      <Feedback message={message} error={error} />
      {!pages.length && !error && <p role="status">{t('consolePeople.loading')}</p>}
      {pages.length > 0 && !items.length && <p>{t('consolePeople.none')}</p>}
      <ul className="suggestions">
        {items.map(({ a, b }) => {
          // Into the person with more leads (the first of the pair when even).
          const [into, other] = b.leads > a.leads ? [b, a] : [a, b];
          return (
            <li key={`${a.id}-${b.id}`}>
              <p>{person(into)}</p>
              <p>{person(other)}</p>
              <PairActions into={into} other={other} act={act} label="consolePeople.mergePair" />
            </li>
          );
        })}
      </ul>
      {next && (
        <button type="button" onClick={() => void more(next)}>
          {t('consolePeople.more')}
        </button>
      )}
    </article>
  );
}
