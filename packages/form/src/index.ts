export {
  createSubmission,
  type Submission,
  type Sent,
  type SpamSignals,
  type DeliveryContext,
  type DeliveryHooks,
  type FormStatus,
} from './submission.ts';
export {
  createFormStore,
  formEventDocs,
  type FormEvents,
  type FormState,
  type FormStoreOptions,
  type SubmitOutcome,
} from './form-store.ts';
export { refusalOf, refusedLabels, standing, type Refused } from './refusal.ts';
export { failureMessage, type FailureTexts } from './failure.ts';
export { createAutosave, DRAFT_DELAY_MS, type Autosave } from './autosave.ts';
export { DRAFT_TTL_MS, draftFor, loadDraft, outboxFor, pageStorage, saveDraft, storageKey } from './storage.ts';
