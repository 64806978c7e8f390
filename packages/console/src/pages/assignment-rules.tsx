// Assignment rules (issue 40): the ordered list of rules that give new leads to operators, each
// with its criteria (kinds, languages, countries, partner codes, sources; empty: any) and its
// operators (several: in turn). Admins edit, reorder and save the whole list; agents read it.
import { useEffect, useState, type FormEvent } from 'react';
import { LANGS } from '@obra/i18n';
import { LEAD_KIND_NAMES } from '@obra/schema/console';
import type { AdminRequest, AssignmentRule } from '@obra/schema/admin-contract';
import { adminApi, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { useLangName } from '../lang-options.tsx';
import { Feedback } from './feedback.tsx';
import { Choice, TextField } from './form-kit.tsx';
import { useLoad } from './list-parts.tsx';
import { useAction } from './use-action.ts';

type Draft = Omit<AssignmentRule, 'id'> & { id?: string; key: number };
type ListKey = 'countries' | 'partners' | 'sources';
type ChoiceKey = 'kinds' | 'langs' | 'operators';

const ERRORS = {
  'rule-name': 'consoleTasks.rules.errors.rule-name',
  'rule-operators': 'consoleTasks.rules.errors.rule-operators',
  'rule-list': 'consoleTasks.rules.errors.rule-list',
  rules: 'consoleTasks.rules.errors.rules',
} as const;
let drafted = 0;

/** The rules screen; `me` decides whether it edits. */
export function AssignmentRules({ me }: { me: Me }) {
  const { t } = useT();
  const langName = useLangName();
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
    <TextField
      id={`rule-${draft.key}-${name}`}
      label={t(`consoleTasks.rules.${name}`)}
      value={draft[name].join(', ')}
      placeholder={t('consoleTasks.rules.any')}
      onChange={(event) => set(draft.key, { [name]: event.currentTarget.value.split(',').map((value) => value.trimStart()) })}
      autoComplete="off"
    />
  );
  /** A fieldset of checkboxes, one per item: the rule's `name` holds the values checked. */
  const choices = (draft: Draft, name: ChoiceKey, items: readonly { value: string; label: string }[]) => (
    <fieldset className="choices">
      <legend>{t(`consoleTasks.rules.${name}`)}</legend>
      {items.map(({ value, label }) => (
        <Choice
          key={value}
          label={label}
          checked={(draft[name] as string[]).includes(value)}
          onChange={(event) => set(draft.key, { [name]: toggle(draft[name] as string[], value, event.currentTarget.checked) })}
        />
      ))}
    </fieldset>
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
                <TextField
                  id={`rule-${draft.key}-name`}
                  label={t('consoleTasks.rules.name')}
                  value={draft.name}
                  required
                  maxLength={80}
                  onChange={(event) => set(draft.key, { name: event.currentTarget.value })}
                  autoComplete="off"
                />
                {choices(
                  draft,
                  'kinds',
                  LEAD_KIND_NAMES.map((kind) => ({ value: kind, label: t(`console.kind.${kind}`) })),
                )}
                {choices(
                  draft,
                  'langs',
                  LANGS.map((lang) => ({ value: lang, label: langName(lang) })),
                )}
                {listField(draft, 'countries')}
                {listField(draft, 'partners')}
                {listField(draft, 'sources')}
                {choices(
                  draft,
                  'operators',
                  data.operators.map((operator) => ({ value: operator.id, label: operator.email })),
                )}
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
