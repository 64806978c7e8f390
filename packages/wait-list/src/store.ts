import type { StoreApi } from 'zustand/vanilla';
import { createFormStore, type FormEvents, type FormState, type FormStatus } from '@obra/form';
import { emptyOf, validateWaitList, waitListSchema, type WaitListEntry } from '@obra/schema';

/** What the visitor has typed so far; `interesado` is empty until chosen. */
export type WaitListValues = { [K in keyof WaitListEntry]: K extends 'interesado' ? WaitListEntry[K] | '' : string };

/** Empty values: the form's initial state and what it returns to after a send. */
export const emptyWaitList: WaitListValues = emptyOf(waitListSchema);

/**
 * The events `<obra-wait-list>` dispatches, with the entry in `detail.entry`. For `no-cors`,
 * `obra-success` means the request went out without a network error.
 */
export type WaitListEvents = FormEvents<'entry', WaitListEntry>;

export type WaitListStatus = FormStatus;

/** The state of one element; `dismiss()` closes the success or error dialog. */
export type WaitListState = FormState<WaitListValues, WaitListEntry, 'entry'>;

/** Creates the state of one `<obra-wait-list>` element. */
export function createWaitListStore(): StoreApi<WaitListState> {
  return createFormStore({ empty: emptyWaitList, validate: validateWaitList, detail: 'entry' });
}
