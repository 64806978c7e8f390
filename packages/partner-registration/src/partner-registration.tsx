import type { FormEvent } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { attributionOf, sendPartner } from '@obra/api';
import { ownWords, useStore, type OwnWords, type WidgetProps } from '@obra/element';
import { refusedLabels } from '@obra/form';
import { useFormDelivery } from '@obra/form/react';
import { PARTNER_LIMITS, SPECIALIZATIONS, validatePartner } from '@obra/schema';
import {
  Button,
  countryOfName,
  Honeypot,
  LiveRegion,
  PhoneInput,
  Select,
  TextField,
  useFocusFirstInvalid,
  usePhoneCheck,
  useRevealWhen,
} from '@obra/ui';
import type { PartnerRegistrationCatalogue } from './catalogues.ts';
import type { PartnerRegistrationEvents, PartnerRegistrationState, PartnerRegistrationValues } from './store.ts';

/** The attributes of `<obra-partner-registration>`, parsed. */
export interface PartnerRegistrationAttributes extends OwnWords {
  /** Base URL of the Obra API; the default is /api on the origin the bundle came from. */
  apiBase: string;
  /** The partner code stored with each lead ('' when absent or not a code). */
  partner: string;
}

export type PartnerRegistrationProps = WidgetProps<
  PartnerRegistrationAttributes,
  PartnerRegistrationEvents,
  StoreApi<PartnerRegistrationState>,
  PartnerRegistrationCatalogue
>;

/** The partner registration form (docs/contributors/behaviour.md#partner-registration): contact data and a specialisation. */
export function PartnerRegistrationForm({ attrs, i18n, store, emit, host, lang }: PartnerRegistrationProps) {
  const { t } = i18n;
  const state = useStore(store);
  const formRef = useFocusFirstInvalid(state.invalidAttempts);
  const { values, status } = state;
  const outbox = useFormDelivery(store, host, 'partner-registration', emit);
  const sending = status === 'sending' || status === 'waiting';
  // The outcome sits under the button, often at the bottom of a phone's screen: it is brought into view.
  const outcomeRef = useRevealWhen<HTMLDivElement>(status === 'success' || status === 'waiting' || status === 'error');

  const field = <K extends Exclude<keyof PartnerRegistrationValues, 'especializacion'>>(name: K) => {
    const error = state.errors[name];
    return {
      name,
      value: values[name],
      onValue: (value: string) => state.setField(name, value),
      error: error ? t(`common.${error.key}`, { max: error.max ?? 0 }) : undefined,
      label: t(`partnerRegistration.${name}`),
      required: true,
    };
  };
  const specialization = state.errors.especializacion;

  // The phone's country follows the country typed in pais until the visitor picks one (docs/contributors/behaviour.md#phone-codes).
  const located = countryOfName(values.pais);
  const phone = usePhoneCheck(t, lang, located);

  // A number the phone check refuses: the other fields are marked too, and the first wrong one focused.
  const markInvalid = () => {
    const checked = validatePartner(store.getState().values);
    store.setState((s) => ({ errors: checked.ok ? {} : checked.errors, attempted: true, invalidAttempts: s.invalidAttempts + 1 }));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // What is sent is the number in international form, with its country's code.
    const setPhone = (value: string) => state.setField('telefono', value);
    if (!(await phone.ready(store.getState().values.telefono, setPhone, markInvalid))) return;
    void state.submit({
      send: (registration, context) =>
        sendPartner(registration, {
          apiBase: attrs.apiBase,
          outbox,
          ...context,
          attribution: attributionOf(host.ownerDocument, 'partner-registration', attrs.partner),
          headers: { ...context.headers, 'Accept-Language': lang },
        }),
      emit,
    });
  };

  // The refused fields named by their labels (docs/contributors/behaviour.md#errors), never by their names.
  const refused = refusedLabels(
    state.refused,
    (name) => (name === 'especializacion' ? t('partnerRegistration.especializacion.label') : t(`partnerRegistration.${name}`)),
    lang,
  );
  const invalidCount = Object.keys(state.errors).length;
  const announcement =
    status === 'sending'
      ? t('partnerRegistration.status.sending')
      : status === 'idle' && state.attempted && invalidCount
        ? t('common.invalidCount', { count: invalidCount })
        : '';

  return (
    <section className="partner-registration card" aria-labelledby="partner-registration-title">
      <h2 id="partner-registration-title" part="title">
        {ownWords(attrs, 'heading', lang, t('partnerRegistration.title'))}
      </h2>
      <p className="intro">{ownWords(attrs, 'intro', lang, t('partnerRegistration.intro'))}</p>
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={sending || undefined}>
        <div className="fields">
          <TextField {...field('nombre')} autoComplete="name" maxLength={PARTNER_LIMITS.nombre} />
          <PhoneInput
            {...field('telefono')}
            error={phone.error ?? field('telefono').error}
            {...phone.input((value) => state.setField('telefono', value))}
          />
          <TextField {...field('correo')} type="email" autoComplete="email" maxLength={PARTNER_LIMITS.correo} />
          <TextField {...field('pais')} autoComplete="country-name" maxLength={PARTNER_LIMITS.pais} />
          <Select
            name="especializacion"
            label={t('partnerRegistration.especializacion.label')}
            placeholder={t('partnerRegistration.especializacion.placeholder')}
            options={SPECIALIZATIONS.map((value) => ({ value, label: t(`partnerRegistration.especializacion.${value}`) }))}
            value={values.especializacion}
            onValue={(value) => state.setField('especializacion', value)}
            error={specialization ? t(`common.${specialization.key}`) : undefined}
            required
          />
        </div>
        <Honeypot onValue={(trap) => store.setState({ trap })} />
        <div className="actions">
          {/* Waiting for the network is not sending: no spinner, and the button says the registration is saved. */}
          <Button type="submit" busy={status === 'sending'} disabled={status === 'waiting'}>
            {status === 'sending'
              ? t('partnerRegistration.sending')
              : status === 'waiting'
                ? t('api.queued')
                : t('partnerRegistration.submit')}
          </Button>
          {/* Both regions exist from the first render, empty: a live region only announces changes. */}
          <div ref={outcomeRef} className="outcomes">
            <div role="status" className="outcome">
              {status === 'success' ? (
                <p className="notice" data-tone="success">
                  {t('partnerRegistration.success')}
                </p>
              ) : null}
              {status === 'waiting' ? (
                <p className="notice" data-tone="waiting">
                  {t('api.waiting')}
                </p>
              ) : null}
            </div>
            <div role="alert" className="outcome">
              {status === 'error' ? (
                <div className="notice" data-tone="error">
                  <p>{state.recalled ? t('api.notAccepted') : t('partnerRegistration.error')}</p>
                  {refused || state.failure ? (
                    <p className="detail">{refused ? t('api.refused', { fields: refused }) : t(state.failure!)}</p>
                  ) : null}
                </div>
              ) : null}
            </div>
          </div>
        </div>
      </form>
      <LiveRegion message={announcement} />
    </section>
  );
}
