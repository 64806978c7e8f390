// Assignment rules (issue 40): the ordered list of rules that give new leads to operators, each
// with its criteria (kinds, languages, countries, partner codes, sources; empty: any) and its
// operators (several: in turn). Admins edit, reorder and save the whole list; agents read it.
import { useEffect, useState, type FormEvent } from 'react';
import { LEAD_KIND_NAMES } from '@obra/schema/console';
import type { AdminRequest, AssignmentRule } from '@obra/schema/admin-contract';
import { adminApi, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { Feedback } from './feedback.tsx';
import { useLoad } from './list-parts.tsx';
import { useAction } from './use-action.ts';

type Draft = Omit<AssignmentRule, 'id'> & { id?: string; key: number };
type ListKey = 'countries' | 'partners' | 'sources';

const ERRORS = {
  'rule-name': 'consoleTasks.rules.errors.rule-name',
  'rule-operators': 'consoleTasks.rules.errors.rule-operators',
  'rule-list': 'consoleTasks.rules.errors.rule-list',
  rules: 'consoleTasks.rules.errors.rules',
} as const;
const LANGS = ['es', 'en'] as const;
let drafted = 0;

/** The rules screen; `me` decides whether it edits. */
export function AssignmentRules({ me }: { me: Me }) {
  const { t } = useT();
  const { data, reload } = useLoad('GET assignment-rules');
  const [drafts, setDrafts] = useState<Draft[] | undefined>();
  const { run, error, message } = useAction(async () => reload(), ERRORS);
  useEffect(() => {
    if (data) setDrafts(data.rules.map((rule) => ({ ...rule, key: ++drafted })));
  }, [data]);
  const admin = me.role === 'admin';
  if (!data || !drafts) return <p role="status">{t('console.inbox.loading')}</p>;
  const set = (key: number, change: Partial<Draft>) =>
    setDrafts(drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
  const move = (index: number, by: number) => {
    const next = [...drafts];
    const [rule] = next.splice(index, 1);
    next.splice(index + by, 0, rule!);
    setDrafts(next);
  };
  const toggle = <T extends string>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules: AdminRequest<'PUT assignment-rules'>['rules'] = drafts.map(({ key: _key, ...rule }) => rule);
    void run(() => adminApi('PUT assignment-rules', { body: { rules } }), 'consoleTasks.rules.saved');
  };
  const listField = (draft: Draft, name: ListKey) => (
    <>
      <label htmlFor={`rule-${draft.key}-${name}`}>{t(`consoleTasks.rules.${name}`)}</label>
      <input
        id={`rule-${draft.key}-${name}`}
        value={draft[name].join(', ')}
        placeholder={t('consoleTasks.rules.any')}
        onChange={(event) => set(draft.key, { [name]: event.currentTarget.value.split(',').map((value) => value.trimStart()) })}
        autoComplete="off"
      />
    </>
  );
  return (
    <section aria-labelledby="rules-title" className="assignment-rules">
      <h1 id="rules-title">{t('consoleTasks.rules.title')}</h1>
      <p>{t('consoleTasks.rules.intro')}</p>
      {!admin && <p className="hint">{t('consoleTasks.rules.readOnly')}</p>}
      <Feedback message={message} error={error} />
      <form onSubmit={save}>
        {!drafts.length && <p>{t('consoleTasks.rules.none')}</p>}
        <ol className="rule-list">
          {drafts.map((draft, index) => (
            <li key={draft.key}>
              <fieldset disabled={!admin}>
                <legend>{t('consoleTasks.rules.rule', { n: index + 1 })}</legend>
                <label htmlFor={`rule-${draft.key}-name`}>{t('consoleTasks.rules.name')}</label>
                <input
                  id={`rule-${draft.key}-name`}
                  value={draft.name}
                  required
                  maxLength={80}
                  onChange={(event) => set(draft.key, { name: event.currentTarget.value })}
                  autoComplete="off"
                />
                <fieldset className="choices">
                  <legend>{t('consoleTasks.rules.kinds')}</legend>
                  {LEAD_KIND_NAMES.map((kind) => (
                    <label key={kind}>
                      <input
                        type="checkbox"
                        checked={draft.kinds.includes(kind)}
                        onChange={(event) => set(draft.key, { kinds: toggle(draft.kinds, kind, event.currentTarget.checked) })}
                      />{' '}
                      {t(`console.kind.${kind}`)}
                    </label>
                  ))}
                </fieldset>
                <fieldset className="choices">
                  <legend>{t('consoleTasks.rules.langs')}</legend>
                  {LANGS.map((lang) => (
                    <label key={lang}>
                      <input
                        type="checkbox"
                        checked={draft.langs.includes(lang)}
                        onChange={(event) => set(draft.key, { langs: toggle(draft.langs, lang, event.currentTarget.checked) })}
                      />{' '}
                      {t(`console.langName.${lang}`)}
                    </label>
                  ))}
                </fieldset>
                {listField(draft, 'countries')}
                {listField(draft, 'partners')}
                {listField(draft, 'sources')}
                <fieldset className="choices">
                  <legend>{t('consoleTasks.rules.operators')}</legend>
                  {data.operators.map((operator) => (
                    <label key={operator.id}>
                      <input
                        type="checkbox"
                        checked={draft.operators.includes(operator.id)}
                        onChange={(event) =>
                          set(draft.key, { operators: toggle(draft.operators, operator.id, event.currentTarget.checked) })
                        }
                      />{' '}
                      {operator.email}
                    </label>
                  ))}
                </fieldset>
                {admin && (
                  <div className="actions">
                    <button type="button" disabled={index === 0} onClick={() => move(index, -1)}>
                      {t('consoleTasks.rules.up')}
                    </button>
                    <button type="button" disabled={index === drafts.length - 1} onClick={() => move(index, 1)}>
                      {t('consoleTasks.rules.down')}
                    </button>
                    <button
                      type="button"
                      className="destructive"
                      onClick={() => setDrafts(drafts.filter((item) => item.key !== draft.key))}
                    >
                      {t('consoleTasks.rules.remove')}
                    </button>
                  </div>
                )}
              </fieldset>
            </li>
          ))}
        </ol>
        {admin && (
          <div className="actions">
            <button
              type="button"
              onClick={() =>
                setDrafts([
                  ...drafts,
                  { key: ++drafted, name: '', kinds: [], langs: [], countries: [], partners: [], sources: [], operators: [] },
                ])
              }
            >
              {t('consoleTasks.rules.add')}
            </button>
            <button type="submit" className="primary">
              {t('consoleTasks.rules.save')}
            </button>
          </div>
        )}
      </form>
    </section>
  );
}
