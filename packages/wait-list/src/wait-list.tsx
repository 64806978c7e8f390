import { useState, type FormEvent } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { attributionOf, sendWaitList, type WaitListTransport } from '@obra/api';
import { ownWords, useStore, type OwnWords, type WidgetProps } from '@obra/element';
import { refusedLabels } from '@obra/form';
import { useFormDelivery } from '@obra/form/react';
import {
  browserCountry,
  Button,
  Dialog,
  Honeypot,
  LiveRegion,
  PhoneInput,
  RadioGroup,
  TextArea,
  TextField,
  useFocusFirstInvalid,
  usePhoneCheck,
  useRevealWhen,
} from '@obra/ui';
import type { WaitListCatalogue } from './catalogues.ts';
import { validateWaitList, WAIT_LIST_LIMITS } from '@obra/schema';
import type { WaitListEvents, WaitListState, WaitListValues } from './store.ts';

/** The attributes of `<obra-wait-list>`, parsed. */
export interface WaitListAttributes extends OwnWords {
  /** Base URL of the Obra API; the default is /api on the origin the bundle came from. */
  apiBase: string;
  /** A full URL that replaces `{api-base}/wait-list`; required for `transport="no-cors"`. */
  endpoint: string;
  transport: WaitListTransport;
  /** The partner code stored with each lead ('' when absent or not a code). */
  partner: string;
}

export type WaitListProps = WidgetProps<WaitListAttributes, WaitListEvents, StoreApi<WaitListState>, WaitListCatalogue>;

/** The wait-list form (docs/contributors/behaviour.md#wait-list): who is interested, contact data and a comment. */
export function WaitList({ attrs, i18n, store, emit, host, lang }: WaitListProps) {
  const { t } = i18n;
  const state = useStore(store);
  const formRef = useFocusFirstInvalid(state.invalidAttempts);
  const { values, status } = state;
  const outbox = useFormDelivery(store, host, 'wait-list', emit);
  const sending = status === 'sending' || status === 'waiting';
  // On a phone the button is often at the bottom of the screen: the message under it is brought into view.
  const waitingRef = useRevealWhen<HTMLParagraphElement>(status === 'waiting');

  const errorText = (name: keyof WaitListValues) => {
    const error = state.errors[name];
    return error ? t(`common.${error.key}`, { max: error.max ?? 0 }) : undefined;
  };
  const field = <K extends keyof WaitListValues>(name: K) => ({
    name,
    value: values[name],
    onValue: (value: string) => state.setField(name, value as WaitListValues[K]),
    error: errorText(name),
    required: true,
  });

  // No location here: the phone's country is the browser's region, else Colombia (docs/contributors/behaviour.md#phone-codes).
  const [located] = useState(browserCountry);
  const phone = usePhoneCheck(t, lang, located);

  // A number the phone check refuses: the other fields are marked too, and the first wrong one focused.
  const markInvalid = () => {
    const checked = validateWaitList(store.getState().values);
    store.setState((s) => ({ errors: checked.ok ? {} : checked.errors, attempted: true, invalidAttempts: s.invalidAttempts + 1 }));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // What is sent is the number in international form, with its country's code.
    const setPhone = (value: string) => state.setField('telefono', value);
    if (!(await phone.ready(store.getState().values.telefono, setPhone, markInvalid))) return;
    void state.submit({
      send: (entry, context) =>
        sendWaitList(entry, {
          apiBase: attrs.apiBase,
          endpoint: attrs.endpoint || undefined,
          transport: attrs.transport,
          outbox,
          ...context,
          attribution: attributionOf(host.ownerDocument, 'wait-list', attrs.partner),
          headers: { ...context.headers, 'Accept-Language': lang },
        }),
      emit,
    });
  };

  // The refused fields named by their labels (docs/contributors/behaviour.md#errors), never by their names.
  const label = (name: keyof WaitListValues) =>
    name === 'interesado'
      ? t('waitList.interesado.legend')
      : name === 'comentario'
        ? t(`waitList.question.${values.interesado || 'none'}`)
        : t(`waitList.${name}`);
  const refused = refusedLabels(state.refused, label, lang);
  const invalidCount = Object.keys(state.errors).length;
  const announcement =
    status === 'sending'
      ? t('waitList.status.sending')
      : status === 'waiting'
        ? t('api.waiting')
        : status === 'success'
          ? t('waitList.status.sent')
          : status === 'error'
            ? t('waitList.status.failed')
            : state.attempted && invalidCount
              ? t('common.invalidCount', { count: invalidCount })
              : '';

  return (
    <section className="wait-list card" aria-labelledby="wait-list-title">
      <h2 id="wait-list-title" part="title">
        {ownWords(attrs, 'heading', lang, t('waitList.title'))}
      </h2>
      <p className="intro">{ownWords(attrs, 'intro', lang, t('waitList.intro'))}</p>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={sending || undefined}>
        <RadioGroup
          {...field('interesado')}
          legend={t('waitList.interesado.legend')}
          options={[
            { value: 'cliente', label: t('waitList.interesado.cliente') },
            { value: 'proveedor', label: t('waitList.interesado.proveedor') },
          ]}
          onValue={(value) => state.setField('interesado', value)}
        />
        <div className="contact">
          <TextField {...field('nombre')} label={t('waitList.nombre')} autoComplete="name" maxLength={WAIT_LIST_LIMITS.nombre} />
          <TextField
            {...field('correo')}
            label={t('waitList.correo')}
            type="email"
            autoComplete="email"
            maxLength={WAIT_LIST_LIMITS.correo}
          />
          <PhoneInput
            {...field('telefono')}
            label={t('waitList.telefono')}
            error={phone.error ?? errorText('telefono')}
            {...phone.input((value) => state.setField('telefono', value))}
          />
        </div>
        <TextArea
          {...field('comentario')}
          label={t(`waitList.question.${values.interesado || 'none'}`)}
          maxLength={WAIT_LIST_LIMITS.comentario}
          counter={t('common.counter', { count: values.comentario.length, max: WAIT_LIST_LIMITS.comentario })}
        />
        <Honeypot onValue={(trap) => store.setState({ trap })} />
        <div className="actions">
          {/* Waiting for the network is not sending: no spinner, and the button says the entry is saved. */}
          <Button type="submit" busy={status === 'sending'} disabled={status === 'waiting'}>
            {status === 'sending' ? t('waitList.sending') : status === 'waiting' ? t('api.queued') : t('waitList.submit')}
          </Button>
        </div>
        {status === 'waiting' ? (
          <p ref={waitingRef} className="delivery" part="delivery-status">
            {t('api.waiting')}
          </p>
        ) : null}
      </form>
      <LiveRegion message={announcement} />
      <Dialog
        open={status === 'success'}
        tone="success"
        title={t('waitList.success.title')}
        message={t('waitList.success.message')}
        closeLabel={t('common.close')}
        onClose={state.dismiss}
      />
      <Dialog
        open={status === 'error'}
        tone="error"
        title={t('waitList.error.title')}
        message={state.recalled ? t('api.notAccepted') : t('waitList.error.message')}
        detail={refused ? t('api.refused', { fields: refused }) : state.failure ? t(state.failure) : undefined}
        closeLabel={t('common.close')}
        onClose={state.dismiss}
      />
    </section>
  );
}
