// The pipeline's stages, for admins (issue 40): each stage's name in every language and its probability,
// moved up and down; open stages added and removed (the API refuses to remove one holding deals);
// won and lost keep their place at the end.
import { useState } from 'react';
import { LANGS, perLang, type Lang } from '@obra/schema';
import type { DealStage } from '@obra/schema/admin-contract';
import { adminApi, type ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import { useLangName } from '../lang-options.tsx';
import { DEAL_ERRORS } from './deals-format.ts';
import { errorText } from './errors.ts';
import { Feedback } from './feedback.tsx';
import { TextField } from './form-kit.tsx';

interface Row {
  key: string;
  id?: string;
  outcome: DealStage['outcome'];
  names: Record<Lang, string>;
  probability: number;
}

const rowsOf = (stages: DealStage[]): Row[] =>
  stages.map((stage) => ({
    key: stage.id,
    id: stage.id,
    outcome: stage.outcome,
    names: stage.names,
    probability: stage.probability,
  }));

/** The editor of `stages`; `onSaved` reloads the board. */
export function DealStages({ stages, onSaved }: { stages: DealStage[]; onSaved: () => void }) {
  const { t } = useT();
  const langName = useLangName();
  const [rows, setRows] = useState(() => rowsOf(stages));
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const open = rows.filter((row) => row.outcome === 'open');
  const set = (key: string, change: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const shift = (key: string, by: -1 | 1) =>
    setRows((all) => {
      const i = all.findIndex((row) => row.key === key);
      const j = i + by;
      if (j < 0 || all[j]?.outcome !== 'open') return all;
      const next = [...all];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });
  const save = async () => {
    setMessage('');
    setError('');
    try {
      const saved = await adminApi('PUT deal-stages', {
        body: { stages: rows.map(({ id, names, probability }) => ({ ...(id && { id }), ...names, probability })) },
      });
      setRows(rowsOf(saved.stages));
      setMessage(t('consoleDeals.stages.saved'));
      onSaved();
    } catch (caught) {
      setError(errorText(t, caught as ApiError, DEAL_ERRORS));
    }
  };
  return (
    <details className="deal-stages">
      <summary>{t('consoleDeals.stages.title')}</summary>
      <p className="hint">{t('consoleDeals.stages.help')}</p>
      <Feedback message={message} error={error} />
      <ol>
        {rows.map((row, i) => (
          <li key={row.key} className="stage-row">
            <fieldset>
              <legend>{t('consoleDeals.stages.stage', { n: i + 1 })}</legend>
              {LANGS.map((lang) => (
                <TextField
                  key={lang}
                  id={`stage-${lang}-${row.key}`}
                  label={t('consoleDeals.stages.name', { language: langName(lang) })}
                  value={row.names[lang]}
                  maxLength={40}
                  required
                  wrap
                  onChange={(e) => set(row.key, { names: { ...row.names, [lang]: e.currentTarget.value } })}
                />
              ))}
              {row.outcome === 'open' ? (
                <>
                  <TextField
                    id={`stage-p-${row.key}`}
                    label={t('consoleDeals.stages.probability')}
                    type="number"
                    min={0}
                    max={100}
                    step={1}
                    wrap
                    value={row.probability}
                    onChange={(e) => set(row.key, { probability: Number(e.currentTarget.value) })}
                  />
                  <div className="actions">
                    <button type="button" onClick={() => shift(row.key, -1)} disabled={i === 0}>
                      {t('consoleDeals.stages.up')}
                    </button>
                    <button type="button" onClick={() => shift(row.key, 1)} disabled={rows[i + 1]?.outcome !== 'open'}>
                      {t('consoleDeals.stages.down')}
                    </button>
                    <button type="button" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))} disabled={open.length < 2}>
                      {t('consoleDeals.stages.remove')}
                    </button>
                  </div>
                </>
              ) : (
                <p className="hint">{t(`consoleDeals.stages.${row.outcome === 'won' ? 'won' : 'lost'}`)}</p>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button
          type="button"
          onClick={() =>
            setRows((all) => {
              const at = all.findIndex((row) => row.outcome !== 'open');
              const added: Row = { key: `new-${Date.now()}`, outcome: 'open', names: perLang(() => ''), probability: 50 };
              return [...all.slice(0, at), added, ...all.slice(at)];
            })
          }
        >
          {t('consoleDeals.stages.add')}
        </button>
        <button type="button" className="primary" onClick={() => void save()}>
          {t('consoleDeals.stages.save')}
        </button>
      </div>
    </details>
  );
}
