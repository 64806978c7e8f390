// Negocios / Deals (issue 40): the board, a column per stage of the pipeline with its count and
// totals per currency (never added across currencies) and its latest cards, 20 at a time. A card
// moves by dragging it to another column, or by its "Move to" list (keyboard); a move to lost asks
// why first; each result is announced. Filters as the inbox's, in the URL. Admins edit the
// pipeline below it (deals-stages.tsx).
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { CONSOLE_LOCALES, type LostReason } from '@obra/schema/console';
import type { BoardColumn, DealCard, DealStage } from '@obra/schema/admin-contract';
import { adminApi, type ApiError, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { BOARD_FILTER_KEYS, filterQuery, link, navigate, type BoardFilter } from '../url-state.ts';
import { DEAL_ERRORS, dealDay, dealMoney, moneyList, reasonText, stageName } from './deals-format.ts';
import { LostFields } from './deals-lead.tsx';
import { DealStages } from './deals-stages.tsx';
import { errorText } from './errors.ts';
import { formText } from './form-text.ts';
import { KindFilter, OperatorFilter, PartnerFilter, SearchFilter, useLoad } from './list-parts.tsx';
import { ErrorText, TextField } from './form-kit.tsx';

const boardUrl = (filter: BoardFilter) => `/admin/deals${filterQuery(filter, BOARD_FILTER_KEYS)}`;
/** How long typing may pause before the board follows it. */
const TYPING_MS = 450;

/** The board for `filter`. */
export function DealsBoard({ filter, me }: { filter: BoardFilter; me: Me }) {
  const { t, lang } = useT();
  const board = useLoad('GET board', { query: filter });
  const pipeline = useLoad('GET deal-stages');
  const { data: people } = useLoad('GET users');
  // Further pages of each column ("Show more"), dropped whenever the board is read again.
  const [more, setMore] = useState<Record<string, { items: DealCard[]; next: string | null }>>({});
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState('');
  const [losing, setLosing] = useState<DealCard | undefined>();
  const [dragged, setDragged] = useState<string | undefined>();
  useEffect(() => setMore({}), [board.data]);
  const stages = pipeline.data?.stages;
  const lostStage = stages?.find((stage) => stage.outcome === 'lost');

  const move = async (deal: DealCard, stage: DealStage, lost?: { lostReason: LostReason; lostNote: string }) => {
    if (stage.id === deal.stage_id) return;
    if (stage.outcome === 'lost' && !lost) return setLosing(deal);
    setFailed('');
    setSaid('');
    try {
      await adminApi('PATCH deals/:id', { id: deal.id, body: { version: deal.version, stageId: stage.id, ...lost } });
      setLosing(undefined);
      setSaid(t('consoleDeals.board.moved', { name: deal.name, stage: stageName(stage, lang) }));
    } catch (caught) {
      setFailed(errorText(t, caught as ApiError, DEAL_ERRORS));
    }
    board.reload();
    pipeline.reload();
  };
  const cards = (column: BoardColumn) => [...column.items, ...(more[column.stageId]?.items ?? [])];
  const showMore = async (column: BoardColumn) => {
    const next = more[column.stageId]?.next ?? column.next;
    if (!next) return;
    const [page] = (await adminApi('GET board', { query: { ...filter, stage: column.stageId, after: next } })).columns;
    setMore((all) => ({ ...all, [column.stageId]: { items: [...(all[column.stageId]?.items ?? []), ...page!.items], next: page!.next } }));
  };
  const all = board.data?.columns.flatMap(cards) ?? [];
  /** A column's count as the board writes it: "N deals", "N+ deals" when the filter's counts are capped. */
  const countText = (column: BoardColumn) => {
    const capped = !!board.data?.capped && column.count > 0;
    const n = new Intl.NumberFormat(CONSOLE_LOCALES[lang]).format(column.count);
    return { capped, text: t(capped ? 'consoleDeals.board.countCapped' : 'consoleDeals.board.count', { count: column.count, n }), n };
  };
  const drop = (event: DragEvent, stage: DealStage) => {
    event.preventDefault();
    const deal = all.find((card) => card.id === event.dataTransfer.getData('text/plain'));
    setDragged(undefined);
    if (deal) void move(deal, stage);
  };

  return (
    <>
      <h1>{t('consoleDeals.board.title')}</h1>
      <BoardFilters filter={filter} users={people?.users ?? []} />
      <p role="status" className="ok live">
        {said}
      </p>
      <ErrorText live>{failed || board.error}</ErrorText>
      {losing && lostStage && (
        <LostForm deal={losing} onCancel={() => setLosing(undefined)} onLost={(why) => void move(losing, lostStage, why)} />
      )}
      {!board.data || !stages ? (
        !board.error && <p role="status">{t('console.inbox.loading')}</p>
      ) : (
        <>
          <p className="hint">{t('consoleDeals.board.help')}</p>
          {board.data.capped && <p className="hint">{t('consoleDeals.board.capped')}</p>}
          {/* Every stage in one row that fits the screen: the board's columns scroll sideways, so
              the last ones (won, lost) are often out of view. A stage brings its column into view
              (and its heading focus), and takes a dropped card as its column does. */}
          <nav className="board-stages" aria-label={t('consoleDeals.board.stages')}>
            <ol>
              {board.data.columns.map((column) => {
                const stage = stages.find((s) => s.id === column.stageId);
                if (!stage) return null;
                const count = countText(column);
                return (
                  <li key={column.stageId}>
                    <button
                      type="button"
                      className={dragged ? 'drop-target' : undefined}
                      onClick={() => {
                        const heading = document.getElementById(`column-${column.stageId}`);
                        heading?.closest('section')?.scrollIntoView({ block: 'nearest', inline: 'start' });
                        heading?.focus({ preventScroll: true });
                      }}
                      onDragOver={(event) => event.preventDefault()}
                      onDrop={(event) => drop(event, stage)}
                    >
                      {stageName(stage, lang)} {/* Seen as a number; heard as "3 deals". */}
                      <span className="count" aria-hidden="true">
                        {count.n}
                        {count.capped ? '+' : ''}
                      </span>
                      <span className="visually-hidden">{count.text}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
          <div className="board">
            {board.data.columns.map((column) => {
              const stage = stages.find((s) => s.id === column.stageId);
              if (!stage) return null;
              const shown = cards(column);
              const next = column.stageId in more ? more[column.stageId]!.next : column.next;
              return (
                <section
                  key={column.stageId}
                  className={`board-column${dragged ? ' drop-target' : ''}`}
                  aria-labelledby={`column-${column.stageId}`}
                  data-stage={column.stageId}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => drop(event, stage)}
                >
                  <h2 id={`column-${column.stageId}`} tabIndex={-1}>
                    {stageName(stage, lang)}
                  </h2>
                  <p className="column-totals">
                    {countText(column).text}
                    {column.totals.length > 0 && <span> · {moneyList(column.totals, lang)}</span>}
                  </p>
                  <ol className="deal-cards">
                    {shown.map((deal) => (
                      <li
                        key={deal.id}
                        className="deal-card"
                        draggable
                        data-deal={deal.id}
                        onDragStart={(event) => {
                          event.dataTransfer.setData('text/plain', deal.id);
                          event.dataTransfer.effectAllowed = 'move';
                          setDragged(deal.id);
                        }}
                        onDragEnd={() => setDragged(undefined)}
                      >
                        <a href={`/admin/leads/${deal.lead_id}`} onClick={link(`/admin/leads/${deal.lead_id}`)} draggable={false}>
                          {deal.name}
                        </a>
                        {deal.title && <span className="deal-title">{deal.title}</span>}
                        <span className="deal-amount">{dealMoney(deal.amount, deal.currency, lang)}</span>
                        <span>{t('consoleDeals.card.closes', { date: dealDay(deal.close_date, lang) })}</span>
                        <span>{deal.owner_email ?? t('console.lead.nobody')}</span>
                        {deal.lost_reason && <span>{reasonText(t, deal.lost_reason)}</span>}
                        <label htmlFor={`move-${deal.id}`} className="visually-hidden">
                          {t('consoleDeals.board.moveLabel', { name: deal.name })}
                        </label>
                        <select
                          id={`move-${deal.id}`}
                          className="deal-move"
                          value=""
                          onChange={(event) => {
                            const target = stages.find((s) => s.id === event.currentTarget.value);
                            if (target) void move(deal, target);
                          }}
                        >
                          <option value="" disabled>
                            {t('consoleDeals.board.moveTo')}
                          </option>
                          {stages
                            .filter((s) => s.id !== deal.stage_id)
                            .map((s) => (
                              <option key={s.id} value={s.id}>
                                {stageName(s, lang)}
                              </option>
                            ))}
                        </select>
                      </li>
                    ))}
                  </ol>
                  {!shown.length && <p className="hint">{t('consoleDeals.board.empty')}</p>}
                  {next && (
                    <button type="button" onClick={() => void showMore(column)}>
                      {t('consoleDeals.board.more')}
                    </button>
                  )}
                </section>
              );
            })}
          </div>
        </>
      )}
      {me.role === 'admin' && stages && (
        <DealStages
          stages={stages}
          onSaved={() => {
            pipeline.reload();
            board.reload();
          }}
        />
      )}
    </>
  );
}

/** Why `deal` was lost: a reason from the list and an optional note, before it moves. */
function LostForm({
  deal,
  onCancel,
  onLost,
}: {
  deal: DealCard;
  onCancel: () => void;
  onLost: (why: { lostReason: LostReason; lostNote: string }) => void;
}) {
  const { t } = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onLost({ lostReason: formText(data, 'lostReason') as LostReason, lostNote: formText(data, 'lostNote') });
  };
  return (
    <form className="lost-form" onSubmit={submit} aria-labelledby="lost-title">
      <h2 id="lost-title">{t('consoleDeals.board.lostTitle', { name: deal.name })}</h2>
      <LostFields id="lost" reason={null} note="" focus />
      <div className="actions">
        <button type="submit" className="primary">
          {t('consoleDeals.board.lostConfirm')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('consoleDeals.board.lostCancel')}
        </button>
      </div>
    </form>
  );
}

/** The board's filter: owner, kind, country, partner and text, applied as they change. */
function BoardFilters({ filter, users }: { filter: BoardFilter; users: { id: string; email: string }[] }) {
  const { t } = useT();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const apply = (form: HTMLFormElement, replace: boolean) => {
    const data = new FormData(form);
    const next: BoardFilter = {};
    for (const key of BOARD_FILTER_KEYS) next[key] = formText(data, key).trim() || undefined;
    const url = boardUrl(next);
    if (url !== boardUrl(filter)) navigate(url, { replace });
  };
  // Folded away on a phone, as the inbox's.
  const [open] = useState(() => typeof matchMedia !== 'function' || matchMedia('(min-width: 60rem)').matches);
  const active = BOARD_FILTER_KEYS.filter((key) => filter[key]).length;
  return (
    <details className="filters-box" open={open}>
      <summary>{active ? t('consoleWork.filters.active', { count: active }) : t('consoleWork.filters.summary')}</summary>
      <form
        className="filters board-filters"
        aria-label={t('consoleDeals.board.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(typing.current);
          apply(event.currentTarget, false);
        }}
        onChange={(event) => {
          const form = event.currentTarget;
          clearTimeout(typing.current);
          if (event.target instanceof HTMLInputElement) typing.current = setTimeout(() => apply(form, true), TYPING_MS);
          else apply(form, false);
        }}
      >
        <SearchFilter id="b-q" value={filter.q} />
        <OperatorFilter id="b-owner" name="owner" label={t('consoleDeals.field.owner')} value={filter.owner} users={users} />
        <KindFilter id="b-kind" value={filter.kind} />
        <div>
          <TextField
            id="b-country"
            label={t('consoleDeals.board.country')}
            name="country"
            defaultValue={filter.country ?? ''}
            maxLength={2}
            size={3}
            pattern="[A-Za-z]{2}"
            autoComplete="off"
            describedBy="b-country-hint"
          />
          <span id="b-country-hint" className="hint">
            {t('consoleDeals.board.countryHint')}
          </span>
        </div>
        <PartnerFilter id="b-partner" value={filter.partner} />
        <div className="actions">
          <button type="submit" className="primary">
            {t('console.inbox.apply')}
          </button>
          <a href="/admin/deals" onClick={link('/admin/deals')}>
            {t('console.inbox.clear')}
          </a>
        </div>
      </form>
    </details>
  );
}
