import { useId } from 'react';
import { useModal } from './use-modal.ts';

export interface DialogProps {
  open: boolean;
  title: string;
  message: string;
  /** A second, smaller line, e.g. what exactly failed. */
  detail?: string | undefined;
  /** The label of the button that closes it. */
  closeLabel: string;
  tone?: 'success' | 'error';
  /** Called when the dialog closes by its button or by Esc. */
  onClose: () => void;
}

/**
 * A modal message on native `<dialog>`: the browser puts it in the top layer (no z-index wars with
 * the partner page), traps focus, closes on Esc and returns focus to where it was.
 */
export function Dialog({ open, title, message, detail, closeLabel, tone = 'success', onClose }: DialogProps) {
  const { ref } = useModal(open);
  const id = useId();
  return (
    <dialog
      ref={ref}
      className={`dialog ${tone}`}
      role={tone === 'error' ? 'alertdialog' : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onClose={onClose}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-message`}>{message}</p>
      {detail ? <p className="detail">{detail}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="button primary" autoFocus onClick={() => ref.current?.close()}>
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}
