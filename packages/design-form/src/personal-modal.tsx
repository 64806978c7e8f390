import { useEffect, useState, type FormEvent } from 'react';
import type { I18n } from '@obra/i18n';
import { DESIGN_LIMITS } from '@obra/schema';
import {
  Button,
  countryOfName,
  Honeypot,
  loadPhoneRules,
  PhoneInput,
  TextField,
  useFocusFirstInvalid,
  useModal,
  usePhoneCheck,
} from '@obra/ui';
import type { DesignFormCatalogue } from './catalogues.ts';
import { CloseIcon } from './icons.tsx';
import { useOpenedOnce } from './section.tsx';
import type { DesignFormState } from './store.ts';
import { PERSONAL_FIELDS, type DesignField } from './values.ts';

export interface PersonalModalProps {
  state: DesignFormState;
  i18n: I18n<DesignFormCatalogue>;
  lang: string;
  onSubmit: () => void;
  /** Whether the form holds an image a report may carry (docs/contributors/behaviour.md#the-https-image-rule): without one it says so at once. */
  imageReady: boolean;
  /** Generates the image from the choices made (the lightning buttons' action). */
  onGenerate: () => void;
  /** What a bot put in the honeypot field. */
  onTrap: (value: string) => void;
  /** Why an earlier send was not accepted and what to correct ('' when none). */
  notice: string;
}

const AUTOCOMPLETE = {
  nombre: 'name',
  pais: 'country-name',
  departamento: 'address-level1',
  ciudad: 'address-level2',
  correo: 'email',
} as const;

/** The personal-data modal (docs/contributors/behaviour.md#screens): every field required, then the report is sent. */
export function PersonalModal({ state, i18n, lang, onSubmit, imageReady, onGenerate, onTrap, notice }: PersonalModalProps) {
  const { t } = i18n;
  const modal = useModal(state.modalOpen);
  // Whether the visitor asked for the image from here: the modal then says how it went.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!state.modalOpen) setAsked(false);
  }, [state.modalOpen]);
  const loading = state.image === 'loading';
  // Its fields are rendered when it first opens (the values live in the store).
  const opened = useOpenedOnce(state.modalOpen);
  const formRef = useFocusFirstInvalid(state.invalidAttempts);
  const sending = state.status === 'sending' || state.status === 'waiting';
  const error = (name: DesignField) => {
    const e = state.errors[name];
    return e ? t(`common.${e.key}`, { max: e.max ?? 0 }) : undefined;
  };
  const projectInvalid = Object.keys(state.errors).some((name) => !(PERSONAL_FIELDS as readonly string[]).includes(name));
  // The phone's country follows the location until the visitor picks one (docs/contributors/behaviour.md#phone-codes).
  const located = countryOfName(state.values.pais);
  const phone = usePhoneCheck(t, lang, located);
  useEffect(() => {
    // The check is loaded while the visitor fills the modal in (a failed load is tried again at the check).
    if (opened) loadPhoneRules().catch(() => undefined);
  }, [opened]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What is sent is the number in international form, with its country's code.
    const setPhone = (value: string) => state.change('telefono', value);
    const focusPhone = () => formRef.current?.querySelector<HTMLInputElement>('.phone input')?.focus();
    // A number the phone's rules refuse is marked with the other fields the schema refuses, in one go;
    // the focus goes to the first of them (the phone is the last field).
    if (!(await phone.ready(state.values.telefono, setPhone, focusPhone))) {
      state.check();
      return;
    }
    onSubmit();
  };
  return (
    <dialog
      ref={modal.ref}
      className="modal"
      aria-labelledby="design-form-modal-title"
      aria-describedby={imageReady ? 'design-form-modal-description' : 'design-form-modal-description design-form-modal-image'}
      onKeyDown={modal.onKeyDown}
      onCancel={(event) => sending && event.preventDefault()}
      onClose={() => state.setModal(false)}
    >
      <button type="button" className="close" aria-label={t('designForm.modal.close')} onClick={() => state.setModal(false)}>
        <CloseIcon />
      </button>
      <h2 id="design-form-modal-title">{t('designForm.modal.title')}</h2>
      <p id="design-form-modal-description" className="intro">
        {t('designForm.modal.description')}
      </p>
      {/* A report needs the image: said when the modal opens, not after every field is filled in,
          with the way to make one right here (what was typed stays). */}
      {imageReady && !loading ? null : (
        <div id="design-form-modal-image" className="image-needed">
          <p className="image-needed-title">{t('designForm.form.error.imageNotGenerated')}</p>
          <p>{asked && state.imageFailed ? t('designForm.image.failed') : t('designForm.form.error.imageNotGeneratedMessage')}</p>
          <Button
            variant="secondary"
            busy={loading}
            onClick={() => {
              setAsked(true);
              onGenerate();
            }}
          >
            {loading ? t('designForm.image.generating') : t('designForm.modal.generateNow')}
          </Button>
        </div>
      )}
      <p className="image-ready" role="status">
        {asked && imageReady && !loading ? t('designForm.image.generated') : ''}
      </p>
      {opened ? (
        <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-busy={sending || undefined}>
          {notice ? (
            <p className="error" role="alert">
              {notice}
            </p>
          ) : null}
          {PERSONAL_FIELDS.filter((name) => name !== 'telefono').map((name) => (
            <TextField
              key={name}
              name={name}
              label={t(`designForm.modal.${name}`)}
              type={name === 'correo' ? 'email' : 'text'}
              autoComplete={AUTOCOMPLETE[name]}
              maxLength={name === 'correo' ? DESIGN_LIMITS.correo : name === 'nombre' ? DESIGN_LIMITS.nombre : DESIGN_LIMITS.place}
              required
              value={state.values[name]}
              error={error(name)}
              onValue={(value) => state.change(name, value)}
            />
          ))}
          <PhoneInput
            name="telefono"
            label={t('designForm.modal.telefono')}
            value={state.values.telefono}
            error={phone.error ?? error('telefono')}
            {...phone.input((value) => state.change('telefono', value))}
          />
          <Honeypot onValue={onTrap} />
          {projectInvalid ? (
            <p className="error" role="alert">
              {t('designForm.modal.projectInvalid')}
            </p>
          ) : null}
          <div className="actions">
            <Button type="submit" busy={sending}>
              {t('designForm.modal.submit')}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
