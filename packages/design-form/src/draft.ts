import { loadDraft as load, saveDraft as save, storageKey } from '@obra/form';
import type { DesignFormState } from './store.ts';

export { DRAFT_TTL_MS } from '@obra/form';

/** What a draft keeps: what the visitor typed and chose, and the image they generated. */
export type Draft = Pick<DesignFormState, 'values' | 'generatedUrl' | 'prompt'>;

/** The storage key of one element on one page: `obra:design-form:<path>:<id or index>` (see @obra/form's storage). */
export const draftKey = (host: HTMLElement): string => storageKey(host, 'design-form');

/** The saved draft, unless absent, unreadable or older than a week (then it is removed). */
export function loadDraft(host: HTMLElement, now = Date.now()): Draft | undefined {
  const draft = load<Draft>(host, 'design-form', now);
  return draft?.values ? draft : undefined;
}

/** Saves the draft (or removes it when `draft` is undefined). */
export const saveDraft = (host: HTMLElement, draft: Draft | undefined, now = Date.now()): void => save(host, 'design-form', draft, now);
