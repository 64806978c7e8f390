import { createStore, type StoreApi } from 'zustand/vanilla';
import { attributionProblem, type ApiErrorKey, type Delivery, type Outbox } from '@obra/api';
import type { Emit, EventDocs } from '@obra/element';
import type { FieldErrors } from '@obra/schema';
import { refusalOf, standing, type Refused } from './refusal.ts';
import { createSubmission, type DeliveryContext, type FormStatus, type Sent } from './submission.ts';

/** The events of a form widget; the valid value travels in `detail[D]` (e.g. `entry`). All bubble and are composed. */
export type FormEvents<D extends string, T> = {
  /** A valid value about to be sent; `preventDefault()` stops the send. */
  'obra-submit': Record<D, T>;
  /** The value was delivered. */
  'obra-success': Record<D, T>;
  /**
   * The value was not delivered, or (`api.originNotApproved`, `api.partnerNotVerified`) delivered
   * but not counted as this page's; `reason` is a key of the `api` catalogue, `message` is for developers.
   */
  'obra-error': Record<D, T> & { reason: ApiErrorKey; message: string };
};

/** What a call to {@link FormState.submit} did. */
export type SubmitOutcome = 'invalid' | 'busy' | 'cancelled' | 'sent' | 'failed';

/** The state of one form element: what was typed, its errors and where the send is. */
export interface FormState<V, T, D extends string> {
  values: V;
  errors: FieldErrors<T>;
  /** Set by the first send attempt: from then on errors follow the visitor's typing. */
  attempted: boolean;
  /** Counts rejected attempts, so the view can move focus to the first invalid field. */
  invalidAttempts: number;
  status: FormStatus;
  /** Why the last send failed (a key of the `api` catalogue). */
  failure: ApiErrorKey | undefined;
  /** The fields the server refused, and the values it refused (docs/contributors/behaviour.md#form-sends). */
  refused: Refused<V> | undefined;
  /** The failure is an earlier send's, refused after the page it was sent from was left or reloaded. */
  recalled: boolean;
  /** When the form was shown (0 after a draft was restored: the visitor began long before). */
  startedAt: number;
  /** What a bot put in the honeypot field ('' for people). */
  trap: string;
  setField<K extends keyof V>(name: K, value: V[K]): void;
  /** Validates and sends once; a call while a send is under way (or waiting) does nothing. */
  submit(deps: { send: (value: T, context: DeliveryContext) => Promise<unknown>; emit: Emit<FormEvents<D, T>> }): Promise<SubmitOutcome>;
  /**
   * Finishes a send a previous page load left in `outbox` (`pending` is what it holds); one the
   * server refused is not sent again but shown: its values (unless a draft put newer ones back),
   * the refused fields marked, and the failure `recalled`.
   */
  resume(pending: Delivery, deps: { outbox: Outbox; emit: Emit<FormEvents<D, T>> }): Promise<SubmitOutcome>;
  /** Returns from a success or error outcome to idle (e.g. its dialog was closed). */
  dismiss(): void;
}

export interface FormStoreOptions<V, T, D extends string> {
  /** The values of an empty form: the initial state and what a successful send returns to. */
  empty: V;
  /** The shared schema's validation (the server runs the same one). */
  validate: (values: V) => { ok: true; value: T } | { ok: false; errors: FieldErrors<T> };
  /** The `detail` property the value travels in on the events. */
  detail: D;
}

/** Creates the state of one form widget element (never shared: each element calls it). */
export function createFormStore<V extends object, T, D extends string>({
  empty,
  validate,
  detail,
}: FormStoreOptions<V, T, D>): StoreApi<FormState<V, T, D>> {
  const errorsOf = (values: V, refused: Refused<V> | undefined): FieldErrors<T> => {
    const result = validate(values);
    return { ...standing(refused, values), ...(result.ok ? {} : result.errors) } as unknown as FieldErrors<T>;
  };
  /** The form shows a refusal of `values`: the refused fields marked, the focus on the first. */
  const refuse = (values: V, failure: ApiErrorKey, fields: Readonly<Record<string, string>>, recalled: boolean) => {
    const refused = refusalOf(fields, values);
    return (s: FormState<V, T, D>) => ({
      status: 'error' as const,
      failure,
      refused,
      recalled,
      values,
      attempted: true,
      errors: errorsOf(values, refused),
      invalidAttempts: s.invalidAttempts + 1,
    });
  };

  return createStore<FormState<V, T, D>>()((set, get) => {
    const submission = createSubmission((status) => set({ status }));
    /** Records the outcome of one send; the events carry `payload`. */
    const settle = (payload: Record<D, T>, emit: Emit<FormEvents<D, T>>, sent: Sent<unknown>): SubmitOutcome => {
      if (!sent.ok) {
        set(refuse(get().values, sent.error.key, sent.error.fields, false));
        emit('obra-error', { ...payload, reason: sent.error.key, message: sent.error.message });
        return 'failed';
      }
      set({ status: 'success', values: empty, errors: {}, attempted: false, refused: undefined, recalled: false });
      // Delivered to Obra; the page hears when it does not count as its own (its site is not approved).
      const problem = attributionProblem(sent.answer);
      if (problem) emit('obra-error', { ...payload, reason: problem.key, message: problem.message });
      else emit('obra-success', payload);
      return 'sent';
    };
    return {
      values: empty,
      errors: {},
      attempted: false,
      invalidAttempts: 0,
      status: 'idle',
      failure: undefined,
      refused: undefined,
      recalled: false,
      startedAt: Date.now(),
      trap: '',
      setField(name, value) {
        const { attempted, errors, status, refused } = get();
        const values = { ...get().values, [name]: value };
        // A success outcome belonged to the value just sent; typing the next one retires it. An error
        // outcome stays: it explains why the values are still there.
        set({ values, errors: attempted ? errorsOf(values, refused) : errors, status: status === 'success' ? 'idle' : status });
      },
      async submit({ send, emit }) {
        if (submission.busy) return 'busy';
        const result = validate(get().values);
        if (!result.ok) {
          set((s) => ({
            errors: result.errors,
            attempted: true,
            invalidAttempts: s.invalidAttempts + 1,
            status: 'idle',
            failure: undefined,
          }));
          return 'invalid';
        }
        const payload = { [detail]: result.value } as Record<D, T>;
        set({ errors: {}, attempted: true, failure: undefined, refused: undefined, recalled: false });
        // Claimed (status sending) before the event, so a listener that submits again is turned away too.
        submission.begin();
        if (!emit('obra-submit', payload)) {
          submission.cancel();
          set({ status: 'idle' });
          return 'cancelled';
        }
        return settle(payload, emit, await submission.send(result.value, get(), (context) => send(result.value, context)));
      },
      async resume(pending, { outbox, emit }) {
        if (pending.refused) {
          // A draft restored before this holds what the visitor typed last; else the refused values.
          const { values } = get();
          const shown = values === empty ? { ...empty, ...(pending.body as object) } : values;
          set(refuse(shown, pending.refused.key, pending.refused.fields, true));
          return 'failed';
        }
        if (!submission.begin()) return 'busy';
        set({ failure: undefined });
        return settle({ [detail]: pending.body } as Record<D, T>, emit, await submission.resume(pending, outbox));
      },
      dismiss() {
        // Closing a refusal's message takes the visitor to the first field to correct.
        set((s) => ({
          status: 'idle',
          failure: undefined,
          recalled: false,
          invalidAttempts: s.invalidAttempts + (s.status === 'error' && Object.keys(s.errors).length ? 1 : 0),
        }));
      },
    };
  });
}

/** The docs of {@link FormEvents} for a contract: `detail[D]` carries a value of the TypeScript type `typeName`. */
export function formEventDocs<D extends string, T>(detail: D, typeName: string): EventDocs<FormEvents<D, T>> {
  return {
    'obra-submit': {
      description: 'A valid value is about to be sent; `preventDefault()` stops the send. Cancelable.',
      detail: `{ ${detail}: ${typeName} }`,
    },
    'obra-success': { description: 'The value was delivered.', detail: `{ ${detail}: ${typeName} }` },
    'obra-error': {
      description:
        'The value was not delivered (`reason`: an error key such as `api.server`), or delivered to Obra without counting for you (`api.originNotApproved`, `api.partnerNotVerified`: see Sites not approved); `message` is for developers.',
      detail: `{ ${detail}: ${typeName}; reason: ApiErrorKey; message: string }`,
    },
  };
}
