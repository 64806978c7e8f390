import { useModal } from '@obra/ui';

/**
 * The full-screen "sending" overlay: a modal <dialog>, so it sits in the top layer above the
 * personal-data modal and makes everything beneath inert; Esc cannot close it.
 */
export function SendingOverlay({ open, text }: { open: boolean; text: string }) {
  const { ref } = useModal(open);
  return (
    <dialog ref={ref} className="overlay" aria-labelledby="design-form-overlay-text" onCancel={(event) => event.preventDefault()}>
      <span className="spinner" aria-hidden="true" />
      <p id="design-form-overlay-text" role="status">{text}</p>
    </dialog>
  );
}
