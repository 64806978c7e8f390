import { createStore, type StoreApi } from 'zustand/vanilla';
import { ApiError, type ApiErrorKey } from '@obra/api';
import type { Emit } from '@obra/element';
import { isFieldErrorKey, validateWaitList, type FieldErrors, type WaitListEntry } from '@obra/schema';

/** What the visitor has typed so far; `interesado` is empty until chosen. */
export type WaitListValues = { [K in keyof WaitListEntry]: K extends 'interesado' ? WaitListEntry[K] | '' : string };

/** Empty values: the form's initial state and what it returns to after a send. */
export const emptyWaitList: WaitListValues = { interesado: '', nombre: '', correo: '', telefono: '', comentario: '' };

/** The events `<obra-wait-list>` dispatches (all bubble and are composed). */
export interface WaitListEvents {
  /** Valid entry about to be sent; `preventDefault()` stops the send. */
  'obra-submit': { entry: WaitListEntry };
  /** The entry was delivered (for `no-cors`: the request went out without a network error). */
  'obra-success': { entry: WaitListEntry };
  /** The entry was not delivered; `reason` is a key of the `api` catalogue. */
  'obra-error': { entry: WaitListEntry; reason: ApiErrorKey; message: string };
  [name: `obra-${string}`]: unknown;
}

export type WaitListStatus = 'idle' | 'sending' | 'success' | 'error';

export interface WaitListState {
  values: WaitListValues;
  errors: FieldErrors<WaitListEntry>;
  /** Set by the first send attempt: from then on errors follow the visitor's typing. */
  attempted: boolean;
  /** Counts rejected attempts, so the view can move focus to the first invalid field. */
  invalidAttempts: number;
  status: WaitListStatus;
  failure: ApiErrorKey | undefined;
  setField<K extends keyof WaitListValues>(name: K, value: WaitListValues[K]): void;
  /** Validates and sends once; a call while a send is under way does nothing. */
  submit(deps: { send: (entry: WaitListEntry) => Promise<void>; emit: Emit<WaitListEvents> }): Promise<'invalid' | 'busy' | 'cancelled' | 'sent' | 'failed'>;
  /** Closes the success or error message. */
  dismiss(): void;
}

/** Field errors the server returned (field → `common` key), limited to keys the widget knows. */
function serverFieldErrors(fields: Readonly<Record<string, string>>): FieldErrors<WaitListEntry> {
  const errors: FieldErrors<WaitListEntry> = {};
  for (const name of Object.keys(emptyWaitList) as (keyof WaitListEntry)[]) {
    const key = fields[name];
    if (isFieldErrorKey(key)) errors[name] = { key };
  }
  return errors;
}

/** Creates the state of one `<obra-wait-list>` element. */
export function createWaitListStore(): StoreApi<WaitListState> {
  return createStore<WaitListState>()((set, get) => ({
    values: emptyWaitList,
    errors: {},
    attempted: false,
    invalidAttempts: 0,
    status: 'idle',
    failure: undefined,
    setField(name, value) {
      const values = { ...get().values, [name]: value };
      let errors = get().errors;
      if (get().attempted) {
        const result = validateWaitList(values);
        errors = result.ok ? {} : result.errors;
      }
      set({ values, errors });
    },
    async submit({ send, emit }) {
      if (get().status === 'sending') return 'busy';
      const result = validateWaitList(get().values);
      if (!result.ok) {
        set((s) => ({ errors: result.errors, attempted: true, invalidAttempts: s.invalidAttempts + 1 }));
        return 'invalid';
      }
      const entry = result.value;
      // Marked as sending before the event, so a listener that submits again is turned away too.
      set({ status: 'sending', errors: {}, attempted: true, failure: undefined });
      if (!emit('obra-submit', { entry })) {
        set({ status: 'idle' });
        return 'cancelled';
      }
      try {
        await send(entry);
      } catch (cause) {
        const error = cause instanceof ApiError ? cause : new ApiError('api.unexpected', String(cause));
        set({ status: 'error', failure: error.key, errors: serverFieldErrors(error.fields) });
        emit('obra-error', { entry, reason: error.key, message: error.message });
        return 'failed';
      }
      set({ status: 'success', values: emptyWaitList, errors: {}, attempted: false });
      emit('obra-success', { entry });
      return 'sent';
    },
    dismiss() {
      set({ status: 'idle', failure: undefined });
    },
  }));
}
