import { useModal } from '@obra/ui';

/** What the overlay shows; `close` is given only while the report waits for the network. */
export interface SendingOverlayProps {
  open: boolean;
  text: string;
  /** The label of the close button, and what closing does; absent while the report is being sent. */
  close?: { label: string; onClose: () => void } | undefined;
}

/**
 * The full-screen "sending" overlay: a modal <dialog>, so it sits in the top layer above the
 * personal-data modal and makes everything beneath inert. While a send is under way Esc cannot
 * close it (the answer comes within seconds); while the report waits for the network in the
 * outbox it never traps the visitor: Esc and a visible button close it, and the send goes on.
 */
export function SendingOverlay({ open, text, close }: SendingOverlayProps) {
  const { ref } = useModal(open);
  return (
    <dialog
      ref={ref}
      className="overlay"
      aria-labelledby="design-form-overlay-text"
      onCancel={(event) => {
        // The dialog closes through the state, never on its own: it stays in step with the view.
        event.preventDefault();
        close?.onClose();
      }}
    >
      <span className="spinner" aria-hidden="true" />
      <p id="design-form-overlay-text" role="status">
        {text}
      </p>
      {close ? (
        <button type="button" className="button secondary overlay-close" part="button overlay-close" onClick={close.onClose}>
          {close.label}
        </button>
      ) : null}
    </dialog>
  );
}
