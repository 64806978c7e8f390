// What the console's lists share: loading a page of the API as the filter changes, the list's
// states and table, the language and date-range fields, and the keyset pager.
import { useCallback, useEffect, useState, type Key, type ReactNode } from 'react';
import type { AdminResponses } from '@obra/schema/admin-contract';
import { LEAD_KIND_NAMES } from '@obra/schema/console';
import { adminApi, type ApiError, type QueryOf } from '../api.ts';
import { link } from '../url-state.ts';
import { useT, type ConsoleKey } from '../i18n.ts';
import { LangOptions } from '../lang-options.tsx';
import { errorText } from './errors.ts';
import { ErrorText, SelectField, TextField } from './form-kit.tsx';

/** A contract route the console reads with GET. */
type Readable = Extract<keyof AdminResponses, `GET ${string}`>;

/**
 * GETs contract route `key` (with `id` and its `query`) whenever its URL changes (or the
 * language does, for the error's text, or `reload` is called): the last answer, kept while the
 * next one loads, or the refusal's text. An answer for a URL left meanwhile is dropped.
 */
export function useLoad<K extends Readable>(
  key: K,
  { id, query }: { id?: string; query?: QueryOf<K> } = {},
  byCode?: Record<string, ConsoleKey>,
): { data: AdminResponses[K] | undefined; error: string; reload: () => void } {
  type T = AdminResponses[K];
  const { t } = useT();
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  // The query by its text: an equal one written again is the same call.
  const search = query ? JSON.stringify(query) : '';
  useEffect(() => {
    let live = true;
    setError('');
    // Readable, the union of the GET routes: none reads a body.
    (adminApi<Readable>(key, { id, query: search ? (JSON.parse(search) as QueryOf<Readable>) : undefined }) as Promise<T>).then(
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
  }, [key, id, search, t, byCode, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, error, reload };
}

/** A column of a {@link ListTable}: its heading and each row's cell. */
export interface Column<T> {
  head: string;
  /** The heading is for screen readers only (a column of buttons). */
  hiddenHead?: boolean;
  className?: string;
  cell: (item: T) => ReactNode;
}

/** A list's states: the refusal (`error`), "Loading…" until `items` come, or the `empty` message. */
export function ListStates({ items, error, empty }: { items: readonly unknown[] | undefined; error: string; empty: string }) {
  const { t } = useT();
  return (
    <>
      {error && <ErrorText>{error}</ErrorText>}
      {!items && !error && <p role="status">{t('console.inbox.loading')}</p>}
      {items && !items.length && <p role="status">{empty}</p>}
    </>
  );
}

/**
 * A list's states ({@link ListStates}), then its table: the refusal (`error`), "Loading…" until `items` come, the
 * `empty` message, else a table with a caption for screen readers, the column heads, and a row per
 * item, its first cell the row's header; the other cells carry their column's name for the phone
 * layout (`data-label`).
 */
export function ListTable<T>({
  items,
  error = '',
  empty,
  caption,
  className,
  columns,
  rowKey,
}: {
  items: readonly T[] | undefined;
  error?: string;
  empty: string;
  caption: string;
  className: string;
  columns: readonly Column<T>[];
  rowKey: (item: T) => Key;
}) {
  const [first, ...rest] = columns;
  return (
    <>
      <ListStates items={items} error={error} empty={empty} />
      {items && items.length > 0 && first && (
        <table className={className}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th scope="col" key={column.head}>
                  {column.hiddenHead ? <span className="visually-hidden">{column.head}</span> : column.head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={rowKey(item)}>
                <th scope="row" className={first.className}>
                  {first.cell(item)}
                </th>
                {rest.map((column) => (
                  <td key={column.head} data-label={column.head} className={column.className}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** The language and date-range filter fields (ids `<prefix>-lang`, `-from`, `-to`; names `lang`, `from`, `to`). */
export function LangAndDates({ prefix, filter }: { prefix: string; filter: { lang?: string; from?: string; to?: string } }) {
  const { t } = useT();
  return (
    <>
      <SelectField id={`${prefix}-lang`} label={t('console.inbox.lang')} name="lang" defaultValue={filter.lang ?? ''} wrap>
        <option value="">{t('console.inbox.anyLang')}</option>
        <LangOptions />
      </SelectField>
      <TextField id={`${prefix}-from`} label={t('console.inbox.from')} name="from" type="date" defaultValue={filter.from ?? ''} wrap />
      <TextField id={`${prefix}-to`} label={t('console.inbox.to')} name="to" type="date" defaultValue={filter.to ?? ''} wrap />
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

/** The search box of a list's filters (`q`). */
export function SearchFilter({ id, value }: { id: string; value: string | undefined }) {
  const { t } = useT();
  return <TextField id={id} label={t('console.inbox.q')} name="q" type="search" defaultValue={value ?? ''} maxLength={100} wrap />;
}

/** The partner code a list is filtered by (`partner`). */
export function PartnerFilter({ id, value }: { id: string; value: string | undefined }) {
  const { t } = useT();
  return (
    <TextField
      id={id}
      label={t('console.inbox.partner')}
      name="partner"
      defaultValue={value ?? ''}
      maxLength={32}
      pattern="[A-Za-z0-9_\-]{3,32}"
      autoComplete="off"
      spellCheck={false}
      wrap
    />
  );
}

/** A list filter's kind: any, or one of the lead kinds (the inbox's and the deals board's). */
export function KindFilter({ id, value }: { id: string; value: string | undefined }) {
  const { t } = useT();
  return (
    <SelectField id={id} label={t('console.inbox.kind')} name="kind" defaultValue={value ?? ''} wrap>
      <option value="">{t('console.inbox.anyKind')}</option>
      {LEAD_KIND_NAMES.map((kind) => (
        <option key={kind} value={kind}>
          {t(`console.kind.${kind}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** A list filter's operator (field `name`): anyone, me, nobody, or one of `users`. */
export function OperatorFilter({
  id,
  name,
  label,
  value,
  users,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  users: readonly { id: string; email: string }[];
}) {
  const { t } = useT();
  return (
    <SelectField id={id} label={label} name={name} defaultValue={value ?? ''} wrap>
      <option value="">{t('consoleWork.filters.anyone')}</option>
      <option value="me">{t('consoleWork.filters.me')}</option>
      <option value="none">{t('consoleWork.filters.nobody')}</option>
      {users.map((user) => (
        <option key={user.id} value={user.id}>
          {user.email}
        </option>
      ))}
    </SelectField>
  );
}
