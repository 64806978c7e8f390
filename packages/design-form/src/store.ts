import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  ApiError,
  attributionProblem,
  generateImage,
  sendFormReport,
  type ApiErrorKey,
  type Delivery,
  type Outbox,
  type Place,
} from '@obra/api';
import type { Emit } from '@obra/element';
import { createSubmission, failureMessage, type FailureTexts, type FormStatus, type Sent } from '@obra/form';
import { validatePersonal, validateProject, type Attribution, type FieldErrors, type FormReport } from '@obra/schema';
import { heldOf, type Held } from './held.ts';
import { buildPrompt, imageSpecOf, isGeneratedImage } from './prompt.ts';
import { emptyDesign, type DesignField, type DesignValues } from './values.ts';

/** The events of `<obra-design-form>`; all bubble and are composed. */
export type DesignFormEvents = {
  /** A valid report about to be sent; `preventDefault()` stops the send. */
  'obra-submit': { report: FormReport };
  /** The report was delivered. */
  'obra-success': { report: FormReport };
  /** The report was not delivered; `message` is the text shown. */
  'obra-error': { report: FormReport; reason: ApiErrorKey; message: string };
  /** A new image was generated and is shown. */
  'obra-image-generated': { url: string; prompt: string };
};

/**
 * Where the report send is (the form engine's states): `waiting` for the network (kept in the
 * outbox); `noImage` is the dialog of a send blocked for want of an image.
 */
export type DesignFormStatus = FormStatus | 'noImage';

/** The translated fallbacks of docs/contributors/behaviour.md#errors for a failed send. */
type SubmitTexts = FailureTexts;

/** What the view supplies to the actions that call the API. */
export interface DesignDeps {
  apiBase: string;
  emit: Emit<DesignFormEvents>;
  /** The translated prompt frame (docs/contributors/behaviour.md#image-generation). */
  frame: { prefix: string; suffix: string };
  /** The messages of docs/contributors/behaviour.md#errors for a failed image generation, logged (not shown) in the widget's language. */
  imageLog: { notOk: string; noUrl: string };
  /** The widget's language, sent as Accept-Language (the server answers and mails in it). */
  lang: string;
}

/** The state of one `<obra-design-form>` element. */
export interface DesignFormState {
  values: DesignValues;
  /** The last generated image, shown and the only one a report may carry; '' while none (the example is drawn). */
  generatedUrl: string;
  /** The prompt of the last generation, sent with the report. */
  prompt: string;
  image: 'idle' | 'loading';
  /** The last generation failed (the example is shown again). */
  imageFailed: boolean;
  modalOpen: boolean;
  status: DesignFormStatus;
  /** The text of the error alert (the server's message, or a translated fallback key's text). */
  failure: string;
  errors: FieldErrors<DesignValues>;
  attempted: boolean;
  invalidAttempts: number;
  /** The last report was stored but not mailed: which cap held it and when a new one would go. */
  held: Held | undefined;
  /**
   * The visitor closed the sending overlay while the report waits for the network: the form goes
   * on, says the report will be sent when the network returns, and the send finishes later.
   */
  overlayClosed: boolean;
  /** When the form was shown (0 after a draft was restored); sent as the fill-time spam signal. */
  startedAt: number;
  /** What a bot put in the honeypot field ('' for people). */
  trap: string;
  /** Checkbox fields add or remove `value`; any other field takes it (docs/contributors/behaviour.md#states). */
  change(name: DesignField, value: string, checked?: boolean): void;
  /** Overwrites country, region and city from a place (docs/contributors/behaviour.md#entities). */
  chooseLocation(place: Place): void;
  /** Generates an image; a call while one runs does nothing. */
  generate(deps: DesignDeps): Promise<'busy' | 'generated' | 'failed'>;
  setModal(open: boolean): void;
  /** Sends the report once (through `outbox` when given); `texts` are the translated fallbacks of docs/contributors/behaviour.md#errors. */
  submit(
    deps: DesignDeps & { texts: SubmitTexts; outbox?: Outbox | undefined; attribution?: Attribution | undefined },
  ): Promise<'busy' | 'noImage' | 'invalid' | 'cancelled' | 'sent' | 'failed'>;
  /** Finishes a send a previous page load left in the outbox. */
  resume(pending: Delivery, deps: DesignDeps & { texts: SubmitTexts; outbox: Outbox }): Promise<'busy' | 'sent' | 'failed'>;
  /** Closes the sending overlay (and the personal-data modal) while the report waits for the network; does nothing otherwise. */
  closeOverlay(): void;
  /** Closes the success, error or no-image dialog. */
  dismiss(): void;
  /** Puts back a saved draft. */
  restore(draft: Pick<DesignFormState, 'values' | 'generatedUrl' | 'prompt'>): void;
}

function errorsOf(values: DesignValues): FieldErrors<DesignValues> {
  const project = validateProject(values);
  const personal = validatePersonal(values);
  return { ...(project.ok ? {} : project.errors), ...(personal.ok ? {} : personal.errors) };
}

/** Creates the state of one element. */
export function createDesignFormStore(): StoreApi<DesignFormState> {
  const initial = { values: emptyDesign, generatedUrl: '', prompt: '', image: 'idle', imageFailed: false } as const;
  return createStore<DesignFormState>()((set, get) => {
    // The form engine: keys, one send at a time, the sending/waiting states.
    const submission = createSubmission((status) => set({ status }));
    /** Records the outcome of one send of `report`. */
    const settle = (report: FormReport, emit: DesignDeps['emit'], texts: SubmitTexts, sent: Sent<{ mail?: unknown } | undefined>) => {
      if (!sent.ok) {
        const message = failureMessage(sent.cause, texts);
        set({ status: 'error', failure: message });
        emit('obra-error', { report, reason: sent.error.key, message });
        return 'failed' as const;
      }
      set({ ...initial, status: 'success', modalOpen: false, errors: {}, attempted: false, held: heldOf(sent.answer) });
      // Delivered to Obra; the page hears when it does not count as its own (its site is not approved).
      const problem = attributionProblem(sent.answer);
      if (problem) emit('obra-error', { report, reason: problem.key, message: problem.message });
      else emit('obra-success', { report });
      return 'sent' as const;
    };
    return {
      ...initial,
      modalOpen: false,
      status: 'idle',
      failure: '',
      errors: {},
      attempted: false,
      invalidAttempts: 0,
      held: undefined,
      overlayClosed: false,
      startedAt: Date.now(),
      trap: '',
      change(name, value, checked) {
        const current = get().values;
        const next =
          name === 'otros' ? (checked ? [...new Set([...current.otros, value])] : current.otros.filter((v) => v !== value)) : value;
        const values = { ...current, [name]: next };
        set({ values, errors: get().attempted ? errorsOf(values) : get().errors });
      },
      chooseLocation(place) {
        const values = { ...get().values, pais: place.Country, departamento: place.Region ?? '', ciudad: place.Municipality ?? '' };
        set({ values, errors: get().attempted ? errorsOf(values) : get().errors });
      },
      async generate({ apiBase, emit, frame, imageLog }) {
        if (get().image === 'loading') return 'busy';
        const { values } = get();
        const prompt = buildPrompt(values, frame);
        set({ image: 'loading', imageFailed: false });
        try {
          const url = await generateImage({ prompt, spec: imageSpecOf(values) }, { apiBase });
          set({ image: 'idle', generatedUrl: url, prompt });
          emit('obra-image-generated', { url, prompt });
          return 'generated';
        } catch (error) {
          // A refusal (a status) and an answer without a url have the messages of docs/contributors/behaviour.md#errors; a network failure says its own.
          const message = !(error instanceof ApiError)
            ? String(error)
            : error.status !== undefined
              ? imageLog.notOk
              : error.key === 'api.unexpected'
                ? imageLog.noUrl
                : error.message;
          console.error('[obra-design-form]', message);
          set({ image: 'idle', generatedUrl: '', imageFailed: true });
          return 'failed';
        }
      },
      setModal(open) {
        set({ modalOpen: open });
      },
      async submit({ apiBase, emit, texts, outbox, lang, attribution }) {
        const state = get();
        if (submission.busy) return 'busy';
        if (!isGeneratedImage(state.generatedUrl, apiBase)) {
          set({ status: 'noImage' });
          return 'noImage';
        }
        const errors = errorsOf(state.values);
        if (Object.keys(errors).length) {
          set((s) => ({ errors, attempted: true, invalidAttempts: s.invalidAttempts + 1 }));
          return 'invalid';
        }
        const project = validateProject(state.values);
        const personal = validatePersonal(state.values);
        if (!project.ok || !personal.ok) return 'invalid';
        const report: FormReport = { ...project.value, ...personal.value, imageUrl: state.generatedUrl, prompt: state.prompt };
        set({ errors: {}, attempted: true, failure: '', overlayClosed: false });
        submission.begin();
        if (!emit('obra-submit', { report })) {
          submission.cancel();
          set({ status: 'idle' });
          return 'cancelled';
        }
        const sent = await submission.send(
          report,
          state,
          ({ key, headers, ...hooks }) =>
            sendFormReport(report, {
              apiBase,
              idempotencyKey: key,
              outbox,
              headers: { ...headers, 'Accept-Language': lang },
              attribution,
              ...hooks,
            }) as Promise<{ mail?: unknown } | undefined>,
        );
        return settle(report, emit, texts, sent);
      },
      async resume(pending, { emit, texts, outbox }) {
        if (!submission.begin()) return 'busy';
        set({ failure: '', overlayClosed: false });
        return settle(pending.body as FormReport, emit, texts, await submission.resume(pending, outbox));
      },
      closeOverlay() {
        if (get().status === 'waiting') set({ overlayClosed: true, modalOpen: false });
      },
      dismiss() {
        set({ status: 'idle', failure: '' });
      },
      restore({ values, generatedUrl, prompt }) {
        set({ values: { ...emptyDesign, ...values }, generatedUrl, prompt, startedAt: 0 });
      },
    };
  });
}
