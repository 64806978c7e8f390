// What the inbox and the orders list share: loading a page of the API as the filter changes, the
// language and date-range fields, and the keyset pager.
import { useCallback, useEffect, useState } from 'react';
import { api, type ApiError } from '../api.ts';
import { link } from '../url-state.ts';
import { useT, type ConsoleKey } from '../i18n.ts';
import { errorText } from './errors.ts';

/**
 * GETs `path` whenever it changes (or the language does, for the error's text, or `reload` is
 * called): the last answer, kept while the next one loads, or the refusal's text. An answer for a
 * path left meanwhile is dropped.
 */
export function useLoad<T>(path: string, byCode?: Record<string, ConsoleKey>): { data: T | undefined; error: string; reload: () => void } {
  const { t } = useT();
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setError('');
    api<T>(path).then(
      (result) => live && setData(result),
      (caught: ApiError) => {
        if (!live) return;
        // The last answer is for another path: not shown under this one's error.
        setData(undefined);
        setError(errorText(t, caught, byCode));
      },
    );
    return () => {
      live = false;
    };
  }, [path, t, byCode, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, error, reload };
}

/** The language and date-range filter fields (ids `<prefix>-lang`, `-from`, `-to`; names `lang`, `from`, `to`). */
export function LangAndDates({ prefix, filter }: { prefix: string; filter: { lang?: string; from?: string; to?: string } }) {
  const { t } = useT();
  return (
    <>
      <div>
        <label htmlFor={`${prefix}-lang`}>{t('console.inbox.lang')}</label>
        <select id={`${prefix}-lang`} name="lang" defaultValue={filter.lang ?? ''}>
          <option value="">{t('console.inbox.anyLang')}</option>
          <option value="es">{t('console.langName.es')}</option>
          <option value="en">{t('console.langName.en')}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${prefix}-from`}>{t('console.inbox.from')}</label>
        <input id={`${prefix}-from`} name="from" type="date" defaultValue={filter.from ?? ''} />
      </div>
      <div>
        <label htmlFor={`${prefix}-to`}>{t('console.inbox.to')}</label>
        <input id={`${prefix}-to`} name="to" type="date" defaultValue={filter.to ?? ''} />
      </div>
    </>
  );
}

/** Links to the first page (when not on it) and to the next older page (when there is one). */
export function Pager({ newest, older, olderLabel }: { newest?: string; older?: string; olderLabel: string }) {
  const { t } = useT();
  return (
    <p className="pager">
      {newest && (
        <a href={newest} onClick={link(newest)}>
          {t('console.inbox.newest')}
        </a>
      )}
      {older && (
        <a href={older} onClick={link(older)}>
          {olderLabel}
        </a>
      )}
    </p>
  );
}
