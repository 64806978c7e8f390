import { useEffect, useLayoutEffect, useRef } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { useStore, type WidgetProps } from '@obra/element';
import { Dialog } from '@obra/ui';
import type { DesignFormCatalogue } from './catalogues.ts';
import { loadDraft, saveDraft } from './draft.ts';
import { ImagePanel } from './image-panel.tsx';
import { SendingOverlay } from './overlay.tsx';
import { PersonalModal } from './personal-modal.tsx';
import { Sections } from './sections.tsx';
import type { DesignFormEvents, DesignFormState } from './store.ts';
import { emptyDesign } from './values.ts';

/** The attributes of `<obra-design-form>`, parsed. */
export interface DesignFormAttributes {
  /** Base URL of the Obra API; the default is /api on the origin the bundle came from. */
  apiBase: string;
}

export type DesignFormProps = WidgetProps<DesignFormAttributes, DesignFormEvents, StoreApi<DesignFormState>, DesignFormCatalogue>;

/** Drafts are written after a pause in typing, so a keystroke never waits for storage. */
const DRAFT_DELAY_MS = 400;

/** Restores the draft before the first paint and keeps it saved; a successful send clears it. */
function useDraft(store: StoreApi<DesignFormState>, host: HTMLElement) {
  useLayoutEffect(() => {
    const draft = loadDraft(host);
    if (draft) store.getState().restore(draft);
  }, [store, host]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.status === 'success' && previous.status !== 'success') {
        clearTimeout(timer);
        return saveDraft(host, undefined);
      }
      if (state.values === previous.values && state.generatedUrl === previous.generatedUrl) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { values, generatedUrl, prompt } = store.getState();
        saveDraft(host, values === emptyDesign && !generatedUrl ? undefined : { values, generatedUrl, prompt });
      }, DRAFT_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, host]);
}

/** The AI project design form (SPEC.md §2): image panel, sections of choices, and the report modal. */
export function DesignForm({ attrs, i18n, store, emit, host, lang }: DesignFormProps) {
  const { t } = i18n;
  const state = useStore(store);
  const openerRef = useRef<HTMLButtonElement>(null);
  useDraft(store, host);
  const deps = () => ({ apiBase: attrs.apiBase, emit, frame: { prefix: t('designForm.prompt.prefix'), suffix: t('designForm.prompt.suffix') } });
  const generate = () => void state.generate(deps());
  const submit = () =>
    void state.submit({ ...deps(), texts: { submitError: t('designForm.form.error.submitError'), generic: t('designForm.form.error.generic'), network: t('api.network') } });
  // The success dialog opens after the modal closed: focus then goes back to the button that opened it.
  const dismiss = () => {
    const wasSuccess = store.getState().status === 'success';
    state.dismiss();
    if (wasSuccess) openerRef.current?.focus();
  };

  // The outcome dialogs of SPEC.md §5 and §8: no image, failure (an alert), success.
  const dialogs = [
    { status: 'noImage', tone: 'error', title: t('designForm.form.error.imageNotGenerated'), message: t('designForm.form.error.imageNotGeneratedMessage') },
    { status: 'error', tone: 'error', title: t('designForm.form.error.networkError'), message: state.failure },
    { status: 'success', tone: 'success', title: t('designForm.form.success.submitted'), message: t('designForm.form.success.message'), closeLabel: t('designForm.form.success.confirm') },
  ] as const;

  return (
    <section className="design-form" aria-labelledby="design-form-title">
      <div className="head">
        <h2 id="design-form-title" part="title">{t('designForm.title')}</h2>
        <p className="intro">{t('designForm.intro')}</p>
      </div>
      <div className="layout">
        <ImagePanel state={state} i18n={i18n} />
        <div className="sections" part="sections">
          <Sections state={state} i18n={i18n} apiBase={attrs.apiBase} lang={lang} onGenerate={generate} />
          <div className="actions">
            <button ref={openerRef} type="button" className="button primary opener" part="button primary" aria-haspopup="dialog" onClick={() => state.setModal(true)}>
              {t('designForm.open')}
            </button>
          </div>
        </div>
      </div>
      <SendingOverlay open={state.status === 'sending'} text={t('designForm.modal.sending')} />
      <PersonalModal state={state} i18n={i18n} lang={lang} onSubmit={submit} />
      {dialogs.map((dialog) => (
        <Dialog key={dialog.status} open={state.status === dialog.status} closeLabel={t('common.close')} onClose={dismiss} {...dialog} />
      ))}
    </section>
  );
}
