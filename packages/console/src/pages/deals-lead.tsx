// A lead's deals on its page (issue 40): each deal's stage, amount, close date and owner, changed
// in place (a move to lost asks why), and a form to open another, its amount and currency taken
// from the lead's estimate.
import { useState, type FormEvent } from 'react';
import type { AdminRequest, DealCard, DealStage, LeadDetail, OperatorItem } from '@obra/schema/admin-contract';
import { LOST_REASONS, type LostReason } from '@obra/schema/console';
import { adminApi, type Me } from '../api.ts';
import { useT } from '../i18n.ts';
import { link } from '../url-state.ts';
import { DEAL_ERRORS, dealDay, dealMoney, reasonText, stageName } from './deals-format.ts';
import { Feedback } from './feedback.tsx';
import { formText } from './form-text.ts';
import { useLoad } from './list-parts.tsx';
import { useAction } from './use-action.ts';
import { SelectField, TextAreaField, TextField } from './form-kit.tsx';

/** Today plus `days` as YYYY-MM-DD (the browser's calendar): a new deal's expected close date. */
const daysFromNow = (days: number) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10);

/** The deals of `lead`, and opening one; `onChange` reloads the lead (its timeline). */
export function LeadDeals({ lead, users, me, onChange }: { lead: LeadDetail; users: OperatorItem[]; me: Me; onChange: () => void }) {
  const { t, lang } = useT();
  const deals = useLoad('GET leads/:id/deals', { id: lead.id });
  const { data: pipeline } = useLoad('GET deal-stages');
  const [opening, setOpening] = useState(false);
  const { run, error, message } = useAction(async () => {
    deals.reload();
    onChange();
  }, DEAL_ERRORS);
  const stages = pipeline?.stages;
  if (!stages || !deals.data) return null;

  const openDeal = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: AdminRequest<'POST leads/:id/deals'> = {
      title: formText(data, 'title'),
      amount: Number(formText(data, 'amount') || 'NaN'),
      currency: formText(data, 'currency').trim().toUpperCase(),
      closeDate: formText(data, 'closeDate'),
      stageId: formText(data, 'stageId'),
      owner: formText(data, 'owner') || null,
    };
    void run(() => adminApi('POST leads/:id/deals', { id: lead.id, body }), 'consoleDeals.opened').then(
      (done) => done && setOpening(false),
    );
  };
  const estimate = lead.estimate;
  const showForm = opening || !deals.data.deals.length;
  return (
    <section aria-labelledby="deals-title" className="lead-deals">
      <h2 id="deals-title">{t('consoleDeals.lead.title')}</h2>
      <Feedback message={message} error={error} />
      {deals.data.deals.map((deal) => (
        <DealForm key={`${deal.id}-${deal.version}`} deal={deal} stages={stages} users={users} run={run} />
      ))}
      {showForm ? (
        <form onSubmit={openDeal} className="deal-form" aria-labelledby="deal-open-title">
          <h3 id="deal-open-title">{t('consoleDeals.lead.open')}</h3>
          {estimate && <p className="hint">{t('consoleDeals.lead.fromEstimate')}</p>}
          <TextField id="deal-title" label={t('consoleDeals.field.title')} name="title" maxLength={200} />
          <div className="deal-money">
            <TextField
              id="deal-amount"
              label={t('consoleDeals.field.amount')}
              name="amount"
              type="number"
              min={0}
              step="0.01"
              required
              defaultValue={estimate?.expected ?? ''}
              wrap
            />
            <div>
              <TextField
                id="deal-currency"
                label={t('consoleDeals.field.currency')}
                name="currency"
                required
                pattern="[A-Za-z]{3}"
                maxLength={3}
                size={4}
                defaultValue={estimate?.currency ?? 'USD'}
                describedBy="deal-currency-hint"
              />
              <span id="deal-currency-hint" className="hint">
                {t('consoleDeals.field.currencyHint')}
              </span>
            </div>
          </div>
          <TextField
            id="deal-close"
            label={t('consoleDeals.field.closeDate')}
            name="closeDate"
            type="date"
            required
            defaultValue={daysFromNow(90)}
          />
          <SelectField id="deal-stage" label={t('consoleDeals.field.stage')} name="stageId">
            {stages
              .filter((stage) => stage.outcome === 'open')
              .map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stageName(stage, lang)}
                </option>
              ))}
          </SelectField>
          <OwnerSelect id="deal-owner" owner={me.id} users={users} />
          <button type="submit" className="primary">
            {t('consoleDeals.lead.openButton')}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setOpening(true)}>
          {t('consoleDeals.lead.another')}
        </button>
      )}
      <p>
        <a href="/admin/deals" onClick={link('/admin/deals')}>
          {t('consoleDeals.lead.board')}
        </a>
      </p>
    </section>
  );
}

/** One deal's form: stage (and why, when lost), amount, currency, close date, owner. */
function DealForm({
  deal,
  stages,
  users,
  run,
}: {
  deal: DealCard;
  stages: DealStage[];
  users: OperatorItem[];
  run: ReturnType<typeof useAction>['run'];
}) {
  const { t, lang } = useT();
  const [stageId, setStageId] = useState(deal.stage_id);
  const lost = stages.find((stage) => stage.id === stageId)?.outcome === 'lost';
  const id = `deal-${deal.id}`;
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Only what changed: a move to won or lost then closes on today, not on the date shown.
    const amount = Number(formText(data, 'amount') || 'NaN');
    const currency = formText(data, 'currency').trim().toUpperCase();
    const closeDate = formText(data, 'closeDate');
    const owner = formText(data, 'owner') || null;
    const body: AdminRequest<'PATCH deals/:id'> = {
      version: deal.version,
      stageId,
      ...(formText(data, 'title') !== deal.title && { title: formText(data, 'title') }),
      ...(amount !== deal.amount && { amount }),
      ...(currency !== deal.currency && { currency }),
      ...(closeDate !== deal.close_date && { closeDate }),
      ...(owner !== deal.owner && { owner }),
      ...(lost && { lostReason: formText(data, 'lostReason') as LostReason, lostNote: formText(data, 'lostNote') }),
    };
    void run(() => adminApi('PATCH deals/:id', { id: deal.id, body }), 'consoleDeals.saved');
  };
  return (
    <form
      onSubmit={save}
      className="deal-form"
      aria-label={t('consoleDeals.lead.deal', { title: deal.title || dealMoney(deal.amount, deal.currency, lang) })}
    >
      <p className="deal-line">
        <strong>{deal.title || t('consoleDeals.lead.untitled')}</strong> · {dealMoney(deal.amount, deal.currency, lang)} ·{' '}
        {t('consoleDeals.card.closes', { date: dealDay(deal.close_date, lang) })}
        {deal.lost_reason && ` · ${reasonText(t, deal.lost_reason)}`}
      </p>
      <SelectField
        id={`${id}-stage`}
        label={t('consoleDeals.field.stage')}
        value={stageId}
        onChange={(event) => setStageId(event.currentTarget.value)}
      >
        {stages.map((stage) => (
          <option key={stage.id} value={stage.id}>
            {stageName(stage, lang)}
          </option>
        ))}
      </SelectField>
      {lost && <LostFields id={id} reason={deal.lost_reason} note={deal.lost_note} />}
      <details>
        <summary>{t('consoleDeals.lead.details')}</summary>
        <TextField id={`${id}-title`} label={t('consoleDeals.field.title')} name="title" maxLength={200} defaultValue={deal.title} />
        <TextField
          id={`${id}-amount`}
          label={t('consoleDeals.field.amount')}
          name="amount"
          type="number"
          min={0}
          step="0.01"
          required
          defaultValue={deal.amount}
        />
        <TextField
          id={`${id}-currency`}
          label={t('consoleDeals.field.currency')}
          name="currency"
          required
          pattern="[A-Za-z]{3}"
          maxLength={3}
          size={4}
          defaultValue={deal.currency}
        />
        <TextField
          id={`${id}-close`}
          label={t('consoleDeals.field.closeDate')}
          name="closeDate"
          type="date"
          required
          defaultValue={deal.close_date}
        />
        <OwnerSelect id={`${id}-owner`} owner={deal.owner} users={users} />
      </details>
      <button type="submit">{t('consoleDeals.save')}</button>
    </form>
  );
}

/** The operator a deal is owned by (the form's `owner`), or nobody. */
function OwnerSelect({ id, owner, users }: { id: string; owner: string | null; users: OperatorItem[] }) {
  const { t } = useT();
  return (
    <SelectField
      id={id}
      label={t('consoleDeals.field.owner')}
      name="owner"
      defaultValue={owner ?? ''}
      options={users.map((user) => ({ value: user.id, label: user.email }))}
    >
      <option value="">{t('console.lead.nobody')}</option>
    </SelectField>
  );
}

/** Why a deal was lost (the form's `lostReason`, from the list) and its note (`lostNote`); `focus`: the list takes the focus. */
export function LostFields({ id, reason, note, focus }: { id: string; reason: LostReason | null; note: string; focus?: boolean }) {
  const { t } = useT();
  return (
    <>
      <SelectField
        id={`${id}-reason`}
        label={t('consoleDeals.field.lostReason')}
        name="lostReason"
        required
        defaultValue={reason ?? ''}
        autoFocus={focus}
      >
        <option value="" disabled>
          {t('consoleDeals.field.choose')}
        </option>
        {LOST_REASONS.map((choice) => (
          <option key={choice} value={choice}>
            {reasonText(t, choice)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={`${id}-note`}
        label={t('consoleDeals.field.lostNote')}
        name="lostNote"
        rows={2}
        maxLength={1000}
        defaultValue={note}
      />
    </>
  );
}
