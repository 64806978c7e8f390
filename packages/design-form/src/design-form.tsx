import { useCallback, useRef } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { attributionOf } from '@obra/api';
import { ownWords, useStore, type OwnWords, type WidgetProps } from '@obra/element';
import { refusedLabels } from '@obra/form';
import { useDraft, useOutbox } from '@obra/form/react';
import { Dialog, revealInView } from '@obra/ui';
import type { DesignFormCatalogue } from './catalogues.ts';
import type { Draft } from './draft.ts';
import { EstimateSummary } from './estimate-summary.tsx';
import { heldMessage } from './held.ts';
import { ImagePanel } from './image-panel.tsx';
import { SendingOverlay } from './overlay.tsx';
import { PersonalModal } from './personal-modal.tsx';
import { isGeneratedImage } from './prompt.ts';
import { Sections } from './sections.tsx';
import type { DesignFormEvents, DesignFormState } from './store.ts';
import { DIMENSION_FIELDS, emptyDesign, PERSONAL_FIELDS, type DesignField } from './values.ts';

/** The attributes of `<obra-design-form>`, parsed. */
export interface DesignFormAttributes extends OwnWords {
  /** Base URL of the Obra API; the default is /api on the origin the bundle came from. */
  apiBase: string;
  /** The partner code stored with each report ('' when absent or not a code). */
  partner: string;
  /** Whether failures the visitor is told of are also logged to the console (for the page's developers). */
  debug: boolean;
}

export type DesignFormProps = WidgetProps<DesignFormAttributes, DesignFormEvents, StoreApi<DesignFormState>, DesignFormCatalogue>;

/** Restores the draft before the first paint and keeps it saved; a successful send clears it. */
const useDesignDraft = (store: StoreApi<DesignFormState>, host: HTMLElement) =>
  useDraft(store, host, 'design-form', {
    pick: ({ values, generatedUrl, prompt }) => (values === emptyDesign && !generatedUrl ? undefined : { values, generatedUrl, prompt }),
    changed: (state, previous) => state.values !== previous.values || state.generatedUrl !== previous.generatedUrl,
    sent: (state, previous) => state.status === 'success' && previous.status !== 'success',
    restore: (draft: Draft) => draft.values && store.getState().restore(draft),
  });

/** The AI project design form (docs/contributors/behaviour.md#screens): image panel, sections of choices, and the report modal. */
export function DesignForm({ attrs, i18n, store, emit, host, lang }: DesignFormProps) {
  const { t } = i18n;
  const state = useStore(store);
  const openerRef = useRef<HTMLButtonElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  useDesignDraft(store, host);
  // Quiet on other people's pages: nothing in their console unless they ask with `debug`.
  const { debug } = attrs;
  const log = useCallback(
    (...what: unknown[]) => {
      if (debug) console.error('[obra-design-form]', ...what);
    },
    [debug],
  );
  const deps = () => ({
    log,
    apiBase: attrs.apiBase,
    emit,
    lang,
    frame: { prefix: t('designForm.prompt.prefix'), suffix: t('designForm.prompt.suffix') },
    imageLog: { notOk: t('designForm.image.log.notOk'), noUrl: t('designForm.image.log.noUrl') },
  });
  const texts = () => ({
    submitError: t('designForm.form.error.submitError'),
    generic: t('designForm.form.error.generic'),
    network: t('api.network'),
    timeout: t('api.timeout'),
    image: t('designForm.form.error.imageNotGeneratedMessage'),
  });
  // A field as the visitor sees it: its label or legend, in the widget's language.
  const labelOf = (name: DesignField) =>
    (PERSONAL_FIELDS as readonly string[]).includes(name)
      ? t(`designForm.modal.${name as (typeof PERSONAL_FIELDS)[number]}`)
      : (DIMENSION_FIELDS as readonly string[]).includes(name)
        ? t(`designForm.dimensions.${name as (typeof DIMENSION_FIELDS)[number]}`)
        : name === 'usoEspecifico'
          ? t('designForm.uso.especifico')
          : name === 'sistemaConstructivo'
            ? t('designForm.sistema.legend')
            : t(`designForm.${name as 'uso' | 'otros'}.legend`);
  const refusedFields = refusedLabels(state.refused, labelOf, lang);
  // What the server refused, named by the fields' labels (never their names) and where to correct them.
  const refusal = refusedFields ? t('api.refused', { fields: refusedFields }) : '';
  // A report a previous load of the page could not deliver goes out again, under its first key.
  const outbox = useOutbox(
    host,
    'design-form',
    (pending, kept) => void store.getState().resume(pending, { ...deps(), texts: texts(), outbox: kept }),
  );
  // The new image is drawn in the preview: the visitor who pressed a lightning button sees it come.
  // Stacked (a phone) the preview sits above the sections, far from a bolt; side by side it is sticky.
  const generate = () => {
    revealInView(previewRef.current);
    void state.generate(deps());
  };
  const submit = () =>
    void state.submit({ ...deps(), texts: texts(), outbox, attribution: attributionOf(host.ownerDocument, 'design-form', attrs.partner) });
  // Closing the overlay while the report waits for the network: the visitor goes on from the button that opened the modal.
  const closeOverlay = () => {
    state.closeOverlay();
    openerRef.current?.focus();
  };
  const waiting = state.status === 'waiting';
  const inFlight = state.status === 'sending' || waiting;
  // The success dialog opens after the modal closed: focus then goes back to the button that opened it.
  const dismiss = () => {
    const wasSuccess = store.getState().status === 'success';
    state.dismiss();
    if (wasSuccess) openerRef.current?.focus();
  };

  // The outcome dialogs of docs/contributors/behaviour.md#errors: no image, failure (an alert), success.
  const dialogs = [
    {
      status: 'noImage',
      tone: 'error',
      title: t('designForm.form.error.imageNotGenerated'),
      message: t('designForm.form.error.imageNotGeneratedMessage'),
    },
    { status: 'error', tone: 'error', title: t('designForm.form.error.networkError'), message: refusal || state.failure },
    {
      status: 'success',
      tone: 'success',
      title: t('designForm.form.success.submitted'),
      message: state.held ? heldMessage(i18n, state.held) : t('designForm.form.success.message'),
      closeLabel: t('designForm.form.success.confirm'),
    },
  ] as const;

  return (
    <section className="design-form" aria-labelledby="design-form-title">
      <div className="head">
        <h2 id="design-form-title" part="title">
          {ownWords(attrs, 'heading', lang, t('designForm.title'))}
        </h2>
        <p className="intro">{ownWords(attrs, 'intro', lang, t('designForm.intro'))}</p>
      </div>
      <div className="layout">
        <ImagePanel state={state} i18n={i18n} previewRef={previewRef} />
        {/* The send button sits below the sections, not in their scrolling column: always in sight. */}
        <div className="form-column">
          <div className="sections" part="sections">
            <Sections state={state} i18n={i18n} apiBase={attrs.apiBase} lang={lang} onGenerate={generate} log={log} />
          </div>
          <EstimateSummary values={state.values} i18n={i18n} lang={lang} />
          <div className="actions">
            <button
              ref={openerRef}
              type="button"
              className="button primary opener"
              part="button primary"
              aria-haspopup="dialog"
              onClick={() => state.setModal(true)}
            >
              {t('designForm.open')}
            </button>
            {inFlight && state.overlayClosed ? (
              <p className="delivery" role="status" part="delivery-status">
                {t('designForm.overlay.pending')}
              </p>
            ) : null}
          </div>
        </div>
      </div>
      <SendingOverlay
        open={inFlight && !state.overlayClosed}
        text={waiting ? t('api.waiting') : t('designForm.modal.sending')}
        close={waiting ? { label: t('designForm.overlay.close'), onClose: closeOverlay } : undefined}
      />
      <PersonalModal
        state={state}
        i18n={i18n}
        lang={lang}
        onSubmit={submit}
        imageReady={isGeneratedImage(state.generatedUrl, attrs.apiBase)}
        onGenerate={() => void state.generate(deps())}
        onTrap={(trap) => store.setState({ trap })}
        notice={state.recalled ? `${t('api.notAccepted')} ${refusal}`.trim() : ''}
      />
      {dialogs.map((dialog) => (
        <Dialog key={dialog.status} open={state.status === dialog.status} closeLabel={t('common.close')} onClose={dismiss} {...dialog} />
      ))}
    </section>
  );
}
