import { useEffect, useRef } from 'react';

/** The first invalid control of a form: a marked input, select or textarea, or a radio of a marked group. */
const FIRST_INVALID = ':is(input, select, textarea)[aria-invalid=true], fieldset[aria-invalid=true] input';

/**
 * After each rejected send (`attempts` grows), moves focus to the first invalid control of the
 * form the returned ref is on, so the visitor lands where they are needed.
 */
export function useFocusFirstInvalid(attempts: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempts) formRef.current?.querySelector<HTMLElement>(FIRST_INVALID)?.focus();
  }, [attempts]);
  return formRef;
}
