import type { ReactNode } from 'react';

export interface ButtonProps {
  children: ReactNode;
  type?: 'button' | 'submit';
  /** While busy the button announces it, shows a spinner and ignores presses. */
  busy?: boolean;
  /** Ignores presses without a spinner: nothing is under way (e.g. a submission waits for the network). */
  disabled?: boolean;
  onClick?: () => void;
  variant?: 'primary' | 'secondary';
}

/**
 * A button with a busy state. Busy and disabled use aria-disabled rather than `disabled`: a disabled button
 * drops keyboard focus to the page body, and the visitor would lose their place in the form.
 */
export function Button({ children, type = 'button', busy = false, disabled = busy, onClick, variant = 'primary' }: ButtonProps) {
  return (
    <button
      type={type === 'submit' ? 'submit' : 'button'}
      className={`button ${variant}`}
      // A partner styles the widget's buttons with ::part(button) (and ::part(button primary)).
      part={`button ${variant}`}
      aria-disabled={busy || disabled ? true : undefined}
      aria-busy={busy ? true : undefined}
      onClick={(event) => {
        if (busy || disabled) event.preventDefault();
        else onClick?.();
      }}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
