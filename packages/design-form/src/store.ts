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
import {
  createSubmission,
  failureMessage,
  refusalOf,
  standing,
  type FailureTexts,
  type FormStatus,
  type Refused,
  type Sent,
} from '@obra/form';
import { dimensionErrors, validatePersonal, validateProject, type Attribution, type FieldErrors, type FormReport } from '@obra/schema';
import { heldOf, type Held } from './held.ts';
import { buildPrompt, imageSpecOf, isGeneratedImage } from './prompt.ts';
import { DIMENSION_FIELDS, emptyDesign, type DesignField, type DesignValues } from './values.ts';

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

/** The translated fallbacks of docs/contributors/behaviour.md#errors for a failed send; `image` when the server refused the image. */
type SubmitTexts = FailureTexts & { image: string };

/** What the view supplies to the actions that call the API. */
export interface DesignDeps {
  apiBase: string;
  emit: Emit<DesignFormEvents>;
  /** The translated prompt frame (docs/contributors/behaviour.md#image-generation). */
  frame: { prefix: string; suffix: string };
  /** The messages of docs/contributors/behaviour.md#errors for a failed image generation, logged (not shown) in the widget's language. */
  imageLog: { notOk: string; noUrl: string };
  /** Logs for the page's developers (the element's `debug` attribute); the visitor is told otherwise. */
  log: (...what: unknown[]) => void;
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
  /** The fields the server refused, and the values it refused (docs/contributors/behaviour.md#design-form-states). */
  refused: Refused<DesignValues> | undefined;
  /** The modal shows an earlier send's refusal (refused after the page it was sent from was left or reloaded). */
  recalled: boolean;
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
  /** Marks every field the schema refuses, as a send would, without sending; whether there was none. */
  check(): boolean;
  /** Sends the report once (through `outbox` when given); `texts` are the translated fallbacks of docs/contributors/behaviour.md#errors. */
  submit(
    deps: DesignDeps & { texts: SubmitTexts; outbox?: Outbox | undefined; attribution?: Attribution | undefined },
  ): Promise<'busy' | 'noImage' | 'invalid' | 'cancelled' | 'sent' | 'failed'>;
  /**
   * Finishes a send a previous page load left in the outbox; one the server refused is not sent
   * again: the modal opens on it, the refused fields marked (`recalled`).
   */
  resume(pending: Delivery, deps: DesignDeps & { texts: SubmitTexts; outbox: Outbox }): Promise<'busy' | 'sent' | 'failed'>;
  /** Closes the sending overlay (and the personal-data modal) while the report waits for the network; does nothing otherwise. */
  closeOverlay(): void;
  /** Closes the success, error or no-image dialog. */
  dismiss(): void;
  /** Puts back a saved draft. */
  restore(draft: Pick<DesignFormState, 'values' | 'generatedUrl' | 'prompt'>): void;
}

/** The schema's errors, and the server's on the fields still holding what it refused. */
function errorsOf(values: DesignValues, refused?: Refused<DesignValues>): FieldErrors<DesignValues> {
  const project = validateProject(values);
  const personal = validatePersonal(values);
  return { ...standing(refused, values), ...(project.ok ? {} : project.errors), ...(personal.ok ? {} : personal.errors) };
}

/**
 * Before the first send, the dimensions' bounds are checked as the visitor types (the live
 * estimate waits on them): `errors` with each dimension's error replaced by its bound's, if any.
 */
function boundsOf(values: DesignValues, errors: FieldErrors<DesignValues>): FieldErrors<DesignValues> {
  const rest = Object.fromEntries(Object.entries(errors).filter(([field]) => !(DIMENSION_FIELDS as readonly string[]).includes(field)));
  return { ...rest, ...dimensionErrors(values) };
}

/** Creates the state of one element. */
export function createDesignFormStore(): StoreApi<DesignFormState> {
  const initial = { values: emptyDesign, generatedUrl: '', prompt: '', image: 'idle', imageFailed: false } as const;
  return createStore<DesignFormState>()((set, get) => {
    // The form engine: keys, one send at a time, the sending/waiting states.
    const submission = createSubmission((status) => set({ status }));
    /**
     * A refusal of `values`: the refused fields marked, the modal open on them with everything typed
     * (docs/contributors/behaviour.md#errors); a refused image is dropped, so the modal asks for a new one.
     */
    const refuse = (values: DesignValues, fields: Readonly<Record<string, string>>) => {
      const refused = refusalOf(fields, values);
      const marked = Object.keys(refused.errors).length > 0;
      return (s: DesignFormState): Partial<DesignFormState> => ({
        values,
        refused,
        errors: errorsOf(values, refused),
        attempted: true,
        modalOpen: s.modalOpen || marked || !!fields.imageUrl,
        invalidAttempts: s.invalidAttempts + 1,
        ...(fields.imageUrl ? { generatedUrl: '', prompt: '' } : {}),
      });
    };
    /** Records the outcome of one send of `report`. */
    const settle = (report: FormReport, emit: DesignDeps['emit'], texts: SubmitTexts, sent: Sent<{ mail?: unknown } | undefined>) => {
      if (!sent.ok) {
        // A 400 or 422's errorMessage is written for developers (it names fields as the API spells them).
        const message = sent.error.fields.imageUrl
          ? texts.image
          : sent.error.key === 'api.invalid'
            ? texts.submitError
            : failureMessage(sent.cause, texts);
        set(refuse(get().values, sent.error.fields));
        set({ status: 'error', failure: message });
        emit('obra-error', { report, reason: sent.error.key, message });
        return 'failed' as const;
      }
      set({
        ...initial,
        status: 'success',
        modalOpen: false,
        errors: {},
        refused: undefined,
        recalled: false,
        attempted: false,
        held: heldOf(sent.answer),
      });
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
      refused: undefined,
      recalled: false,
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
        set({ values, errors: get().attempted ? errorsOf(values, get().refused) : boundsOf(values, get().errors) });
      },
      chooseLocation(place) {
        const values = { ...get().values, pais: place.Country, departamento: place.Region ?? '', ciudad: place.Municipality ?? '' };
        set({ values, errors: get().attempted ? errorsOf(values, get().refused) : get().errors });
      },
      async generate({ apiBase, emit, frame, imageLog, log }) {
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
          log(message);
          set({ image: 'idle', generatedUrl: '', imageFailed: true });
          return 'failed';
        }
      },
      setModal(open) {
        set({ modalOpen: open });
      },
      check() {
        const errors = errorsOf(get().values);
        if (!Object.keys(errors).length) return true;
        set((s) => ({ errors, attempted: true, invalidAttempts: s.invalidAttempts + 1 }));
        return false;
      },
      async submit({ apiBase, emit, texts, outbox, lang, attribution }) {
        const state = get();
        if (submission.busy) return 'busy';
        if (!isGeneratedImage(state.generatedUrl, apiBase)) {
          set({ status: 'noImage' });
          return 'noImage';
        }
        if (!get().check()) return 'invalid';
        const project = validateProject(state.values);
        const personal = validatePersonal(state.values);
        if (!project.ok || !personal.ok) return 'invalid';
        const report: FormReport = { ...project.value, ...personal.value, imageUrl: state.generatedUrl, prompt: state.prompt };
        set({ errors: {}, refused: undefined, recalled: false, attempted: true, failure: '', overlayClosed: false });
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
        if (pending.refused) {
          // The draft restored before this holds what the visitor typed last; else the refused report.
          const { imageUrl, prompt, ...body } = pending.body as FormReport;
          const shown = get().values === emptyDesign ? { ...emptyDesign, ...body } : get().values;
          if (!get().generatedUrl) set({ generatedUrl: imageUrl, prompt });
          set(refuse(shown, pending.refused.fields));
          set({ recalled: true, modalOpen: true });
          return 'failed';
        }
        if (!submission.begin()) return 'busy';
        set({ failure: '', overlayClosed: false });
        return settle(pending.body as FormReport, emit, texts, await submission.resume(pending, outbox));
      },
      closeOverlay() {
        if (get().status === 'waiting') set({ overlayClosed: true, modalOpen: false });
      },
      dismiss() {
        // Closing a refusal's alert takes the visitor to the first field to correct.
        set((s) => ({
          status: 'idle',
          failure: '',
          invalidAttempts: s.invalidAttempts + (s.status === 'error' && Object.keys(s.errors).length ? 1 : 0),
        }));
      },
      restore({ values, generatedUrl, prompt }) {
        const restored = { ...emptyDesign, ...values };
        // A draft kept before the bounds shows its out-of-bounds dimensions marked, as if just typed.
        set({ values: restored, errors: boundsOf(restored, get().errors), generatedUrl, prompt, startedAt: 0 });
      },
    };
  });
}
