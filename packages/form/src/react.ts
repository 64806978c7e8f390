// The React binding of the form engine (kept apart so the host's plain-DOM script never loads React).
export { useDraft, type DraftOptions } from './use-draft.ts';
export { useFormDelivery, useOutbox } from './use-form-delivery.ts';
