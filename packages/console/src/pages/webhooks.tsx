// Webhooks (admins only): add an endpoint (URL, events, format), see its secret and copy it, the
// delivery log with resend, enable/disable, a test event, rotate the secret, delete; and the
// notice when the server disabled an endpoint that kept failing.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent, WebhookFormat } from '@obra/schema/admin-contract';
import { adminApi, type ApiError } from '../api.ts';
import { useT } from '../i18n.ts';
import { errorText } from './errors.ts';
import { Feedback } from './feedback.tsx';
import { Check, TextField } from './form-kit.tsx';
import { when } from './format.ts';
import { useAction, useText } from './use-action.ts';

// A catalogue key cannot hold a dot (it nests), so each event's label has its own key.
const EVENT_LABEL = {
  'lead.created': 'lead-created',
  'lead.updated': 'lead-updated',
  'partner.approved': 'partner-approved',
  'report.mailed': 'report-mailed',
  'order.refunded': 'order-refunded',
} as const satisfies Record<WebhookEvent, string>;
/** The events in the contract's order (its keys, each event once). */
const EVENTS = Object.keys(EVENT_LABEL) as WebhookEvent[];

const CODES = {
  url: 'console.webhooks.errors.url',
  address: 'console.webhooks.errors.address',
  dns: 'console.webhooks.errors.dns',
  events: 'console.webhooks.errors.events',
  'spreadsheet-events': 'console.webhooks.errors.spreadsheet',
  'too-many': 'console.webhooks.errors.tooMany',
  gone: 'console.webhooks.errors.gone',
} as const;

/** The webhooks screen. */
export function Webhooks() {
  const { t } = useT();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | undefined>();
  const { run, error, setError, message } = useAction(() => load(), CODES);
  const load = useCallback(
    () =>
      adminApi('GET webhooks').then(
        ({ endpoints }) => setEndpoints(endpoints),
        (caught: ApiError) => setError((t) => errorText(t, caught, CODES)),
      ),
    [setError],
  );
  useEffect(() => void load(), [load]);
  const failing = endpoints?.filter((e) => e.disabledReason === 'failing') ?? [];
  return (
    <>
      <h1>{t('console.webhooks.title')}</h1>
      <p className="intro">{t('console.webhooks.intro')}</p>
      {failing.length > 0 && (
        <div className="notice" role="alert">
          <p>{t('console.webhooks.failingNotice', { count: failing.length })}</p>
          <ul>
            {failing.map((e) => (
              <li key={e.id}>{e.url}</li>
            ))}
          </ul>
        </div>
      )}
      <Feedback message={message} error={error} />
      <AddForm run={run} />
      <section aria-labelledby="endpoints-title">
        <h2 id="endpoints-title">{t('console.webhooks.endpoints')}</h2>
        {endpoints === undefined ? (
          <p role="status">{t('console.inbox.loading')}</p>
        ) : endpoints.length === 0 ? (
          <p>{t('console.webhooks.none')}</p>
        ) : (
          <ul className="endpoints">
            {endpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} run={run} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

type Run = ReturnType<typeof useAction>['run'];

function EventBoxes({
  name,
  format,
  chosen,
  onChange,
}: {
  name: string;
  format: WebhookFormat;
  chosen: readonly WebhookEvent[];
  onChange(events: WebhookEvent[]): void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <fieldset className="choices">
      <legend>{t('console.webhooks.events')}</legend>
      {EVENTS.map((type) => (
        <Check
          key={type}
          className="choice"
          id={`${id}-${type}`}
          label={
            <>
              {t(`console.webhooks.event.${EVENT_LABEL[type]}`)} <code>{type}</code>
            </>
          }
          name={name}
          value={type}
          checked={chosen.includes(type)}
          disabled={format === 'spreadsheet' && type !== 'lead.created'}
          onChange={(e) =>
            onChange(e.target.checked ? EVENTS.filter((x) => x === type || chosen.includes(x)) : chosen.filter((x) => x !== type))
          }
        />
      ))}
    </fieldset>
  );
}

function AddForm({ run }: { run: Run }) {
  const { t } = useT();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<WebhookFormat>('standard');
  const [events, setEvents] = useState<WebhookEvent[]>(['lead.created']);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = await run(() => adminApi('POST webhooks', { body: { url: url.trim(), events, format } }), 'console.webhooks.added');
    if (ok) {
      setUrl('');
      setFormat('standard');
      setEvents(['lead.created']);
    }
  };
  const chooseFormat = (next: WebhookFormat) => {
    setFormat(next);
    if (next === 'spreadsheet') setEvents(['lead.created']);
  };
  return (
    <section aria-labelledby="add-title" className="panel">
      <h2 id="add-title">{t('console.webhooks.add')}</h2>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          id="webhook-url"
          label={t('console.webhooks.url')}
          hint={t('console.webhooks.urlHint')}
          name="url"
          type="url"
          required
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset className="choices">
          <legend>{t('console.webhooks.format')}</legend>
          {(['standard', 'spreadsheet'] as const).map((value) => (
            <Check
              key={value}
              className="choice"
              type="radio"
              id={`webhook-format-${value}`}
              label={t(`console.webhooks.formats.${value}`)}
              hint={t(`console.webhooks.formatHints.${value}`)}
              name="format"
              value={value}
              checked={format === value}
              onChange={() => chooseFormat(value)}
            />
          ))}
        </fieldset>
        <EventBoxes name="events" format={format} chosen={events} onChange={setEvents} />
        <button type="submit" className="primary" disabled={!events.length}>
          {t('console.webhooks.addSubmit')}
        </button>
      </form>
    </section>
  );
}

function EndpointCard({ endpoint, run }: { endpoint: WebhookEndpoint; run: Run }) {
  const { t, lang, zone } = useT();
  const id = useId();
  const [events, setEvents] = useState<WebhookEvent[]>(endpoint.events);
  const [showLog, setShowLog] = useState(false);
  const [copied, setCopied] = useText();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setEvents(endpoint.events), [endpoint.events]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      setCopied((t) => t('console.webhooks.copied'));
    } catch {
      // No clipboard (an insecure page, or refused): the secret is selected for the keyboard's copy.
      (document.getElementById(`${id}-secret`) as HTMLInputElement | null)?.select();
      setCopied((t) => t('console.webhooks.copyByHand'));
    }
  };
  const state = endpoint.enabled ? 'enabled' : endpoint.disabledReason === 'failing' ? 'failing' : 'disabled';
  return (
    <li>
      <article className="endpoint" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="endpoint-url">
          {endpoint.url}
        </h3>
        <p>
          <span className={`badge ${state}`}>{t(`console.webhooks.state.${state}`)}</span>{' '}
          {t(`console.webhooks.formats.${endpoint.format}`)}
        </p>
        {state === 'failing' && endpoint.disabledAt && (
          <p className="warning">{t('console.webhooks.disabledFailing', { when: when(endpoint.disabledAt, lang, zone) })}</p>
        )}
        {endpoint.enabled && endpoint.failingSince && (
          <p className="warning">{t('console.webhooks.failingSince', { when: when(endpoint.failingSince, lang, zone) })}</p>
        )}
        <label htmlFor={`${id}-secret`}>{t('console.webhooks.secret')}</label>
        <div className="secret">
          <input id={`${id}-secret`} readOnly value={endpoint.secret} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" onClick={() => void copy()}>
            {t('console.webhooks.copy')}
          </button>
        </div>
        <p className="ok live" role="status">
          {copied}
        </p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => adminApi('PATCH webhooks/:id', { id: endpoint.id, body: { events } }), 'console.webhooks.saved');
          }}
        >
          <EventBoxes name={`${id}-events`} format={endpoint.format} chosen={events} onChange={setEvents} />
          <button type="submit" disabled={!events.length}>
            {t('console.webhooks.saveEvents')}
          </button>
        </form>
        <div className="actions">
          <button
            type="button"
            onClick={() =>
              void run(
                () => adminApi('PATCH webhooks/:id', { id: endpoint.id, body: { enabled: !endpoint.enabled } }),
                endpoint.enabled ? 'console.webhooks.disabledDone' : 'console.webhooks.enabledDone',
              )
            }
          >
            {t(endpoint.enabled ? 'console.webhooks.disable' : 'console.webhooks.enable')}
          </button>
          <button
            type="button"
            onClick={() => void run(() => adminApi('POST webhooks/:id/test', { id: endpoint.id }), 'console.webhooks.testSent')}
          >
            {t('console.webhooks.test')}
          </button>
          <button
            type="button"
            onClick={() => void run(() => adminApi('POST webhooks/:id/rotate', { id: endpoint.id }), 'console.webhooks.rotated')}
          >
            {t('console.webhooks.rotate')}
          </button>
          <button type="button" aria-expanded={showLog} aria-controls={`${id}-log`} onClick={() => setShowLog(!showLog)}>
            {t(showLog ? 'console.webhooks.hideLog' : 'console.webhooks.showLog')}
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className="destructive"
                onClick={() => void run(() => adminApi('DELETE webhooks/:id', { id: endpoint.id }), 'console.webhooks.deleted')}
              >
                {t('console.webhooks.deleteYes')}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {t('console.lead.deleteNo')}
              </button>
            </>
          ) : (
            <button type="button" className="destructive" onClick={() => setConfirming(true)}>
              {t('console.webhooks.delete')}
            </button>
          )}
        </div>
        <div id={`${id}-log`}>{showLog && <DeliveryLog endpoint={endpoint} />}</div>
      </article>
    </li>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, lang, zone } = useT();
  const [items, setItems] = useState<WebhookDelivery[] | undefined>();
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useText();
  const [message, setMessage] = useText();
  const load = useCallback(
    async (after?: string) => {
      setError('');
      try {
        const page = await adminApi('GET webhooks/:id/deliveries', {
          id: endpoint.id,
          query: { after },
        });
        setItems((before) => (after ? [...(before ?? []), ...page.items] : page.items));
        setNext(page.next);
      } catch (caught) {
        setError((t) => errorText(t, caught as ApiError, CODES));
      }
    },
    [endpoint.id, setError],
  );
  useEffect(() => void load(), [load]);
  const resend = async (delivery: WebhookDelivery) => {
    setMessage('');
    try {
      await adminApi('POST webhook-deliveries/:id/resend', { id: delivery.id });
      setMessage((t) => t('console.webhooks.resent'));
      await load();
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, CODES));
    }
  };
  return (
    <section className="log" aria-label={t('console.webhooks.logOf', { url: endpoint.url })}>
      <h4>{t('console.webhooks.log')}</h4>
      <Feedback message={message} error={error} />
      <button type="button" onClick={() => void load()}>
        {t('console.webhooks.refresh')}
      </button>
      {items === undefined ? (
        <p role="status">{t('console.inbox.loading')}</p>
      ) : items.length === 0 ? (
        <p>{t('console.webhooks.noDeliveries')}</p>
      ) : (
        <table className="deliveries">
          <caption className="visually-hidden">{t('console.webhooks.logOf', { url: endpoint.url })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.webhooks.eventColumn')}</th>
              <th scope="col">{t('console.webhooks.status')}</th>
              <th scope="col">{t('console.webhooks.time')}</th>
              <th scope="col">{t('console.webhooks.answer')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('console.webhooks.resend')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id}>
                <th scope="row">
                  <code>{d.type}</code>
                  <br />
                  <small>{d.eventId}</small>
                </th>
                <td data-label={t('console.webhooks.status')}>
                  <span className={`badge ${d.status}`}>{t(`console.webhooks.deliveryStatus.${d.status}`)}</span>{' '}
                  {t('console.webhooks.attempts', { count: d.attempts })}
                  {d.nextAt && (
                    <>
                      <br />
                      <small>{t('console.webhooks.nextAt', { when: when(d.nextAt, lang, zone) })}</small>
                    </>
                  )}
                </td>
                <td data-label={t('console.webhooks.time')}>{when(d.lastAttemptAt ?? d.createdAt, lang, zone)}</td>
                <td data-label={t('console.webhooks.answer')} className="answer">
                  {d.lastStatus !== null && <strong>{d.lastStatus} </strong>}
                  {d.answer}
                  {d.status !== 'delivered' && d.lastStatus !== null && d.lastStatus >= 300 && d.lastStatus < 400 && (
                    <>
                      <br />
                      <small>{t('console.webhooks.redirected')}</small>
                    </>
                  )}
                </td>
                <td>
                  <button type="button" onClick={() => void resend(d)} aria-label={t('console.webhooks.resendOne', { event: d.eventId })}>
                    {t('console.webhooks.resend')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next && (
        <button type="button" onClick={() => void load(next)}>
          {t('console.webhooks.older')}
        </button>
      )}
    </section>
  );
}
