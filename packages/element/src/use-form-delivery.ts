import { useEffect, useMemo } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { deliver, type Outbox } from '@obra/api';
import { outboxFor, useDraft } from './draft.ts';
import type { Emit } from './events.ts';
import type { FormEvents, FormState } from './form-store.ts';

/**
 * What makes a form store's submissions loss-proof in one element: a draft of the values
 * (restored on load, cleared by a successful send) and an outbox, whose pending submission, left
 * by a previous load of the page, is sent again at once under its first Idempotency-Key.
 * Returns the outbox, for the widget's `send`.
 */
export function useFormDelivery<V extends object, T, D extends string>(
  store: StoreApi<FormState<V, T, D>>,
  host: HTMLElement,
  widget: string,
  emit: Emit<FormEvents<D, T>>,
): Outbox {
  const outbox = useMemo(() => outboxFor(host, widget), [host, widget]);
  useDraft(store, host, widget, {
    pick: (state) => (state.values === store.getInitialState().values ? undefined : state.values),
    changed: (state, previous) => state.values !== previous.values,
    sent: (state, previous) => state.status === 'success' && previous.status !== 'success',
    restore: (values: V) => store.setState({ values: { ...store.getInitialState().values, ...values }, startedAt: 0 }),
  });
  useEffect(() => {
    const pending = outbox.read();
    if (pending) void store.getState().resume(pending.body as T, { send: (context) => deliver(pending, { ...context, outbox }), emit });
  }, [store, outbox, emit]);
  return outbox;
}
