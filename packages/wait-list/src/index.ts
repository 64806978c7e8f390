export { waitListWidget } from './widget.ts';
export { WaitList, type WaitListAttributes, type WaitListProps } from './wait-list.tsx';
export { createWaitListStore, type WaitListEvents, type WaitListState, type WaitListStatus } from './store.ts';
export { waitListSchema, validateWaitList, emptyWaitList, WAIT_LIST_LIMITS, type WaitListValues, type FieldError, type FieldErrors } from './schema.ts';
export { waitListCatalogues, type WaitListCatalogue } from './catalogues.ts';
