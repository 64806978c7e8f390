import { useEffect, useMemo, useRef } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { Delivery, Outbox } from '@obra/api';
import type { Emit } from '@obra/element';
import type { FormEvents, FormState } from './form-store.ts';
import { outboxFor } from './storage.ts';
import { useDraft } from './use-draft.ts';

/**
 * The outbox of one element; a submission a previous load of the page left there is handed to
 * `resume` at once (it is sent again under its first Idempotency-Key). Returns the outbox, for
 * the widget's sends.
 */
export function useOutbox(host: HTMLElement, widget: string, resume: (pending: Delivery, outbox: Outbox) => void): Outbox {
  const outbox = useMemo(() => outboxFor(host, widget), [host, widget]);
  // The first render's `resume` is kept: it is the widget's, not a render's (once per element).
  const first = useRef(resume).current;
  useEffect(() => {
    const pending = outbox.read();
    if (pending) first(pending, outbox);
  }, [outbox, first]);
  return outbox;
}

/**
 * What makes a form store's submissions loss-proof in one element: a draft of the values
 * (restored on load, cleared by a successful send) and an outbox whose pending submission is sent
 * again on load ({@link useOutbox}). Returns the outbox, for the widget's `send`.
 */
export function useFormDelivery<V extends object, T, D extends string>(
  store: StoreApi<FormState<V, T, D>>,
  host: HTMLElement,
  widget: string,
  emit: Emit<FormEvents<D, T>>,
): Outbox {
  useDraft(store, host, widget, {
    pick: (state) => (state.values === store.getInitialState().values ? undefined : state.values),
    changed: (state, previous) => state.values !== previous.values,
    sent: (state, previous) => state.status === 'success' && previous.status !== 'success',
    restore: (values: V) => store.setState({ values: { ...store.getInitialState().values, ...values }, startedAt: 0 }),
  });
  return useOutbox(host, widget, (pending, outbox) => void store.getState().resume(pending, { outbox, emit }));
}
