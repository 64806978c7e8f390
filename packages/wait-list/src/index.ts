export { waitListAttributes, waitListContract } from './contract.ts';
export { waitListWidget } from './widget.ts';
export { WaitList, type WaitListAttributes, type WaitListProps } from './wait-list.tsx';
export {
  createWaitListStore,
  emptyWaitList,
  type WaitListEvents,
  type WaitListState,
  type WaitListStatus,
  type WaitListValues,
} from './store.ts';
export { waitListCatalogues, type WaitListCatalogue } from './catalogues.ts';
