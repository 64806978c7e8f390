/** The label of a field control, with the visual required mark (screen readers get `required` from the control). */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required ? (
        <span aria-hidden="true" className="required">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

interface FieldMessagesProps {
  /** The control's id; the lines' ids match {@link describedBy}. */
  id: string;
  hint?: string | undefined;
  /** The counter's translated text ("12 / 120"); `full` marks it when the limit is reached. */
  counter?: string | undefined;
  full?: boolean;
  error?: string | undefined;
}

/** The hint, counter and error lines under a control; ids match {@link describedBy}. */
export function FieldMessages({ id, hint, counter, full, error }: FieldMessagesProps) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {counter ? (
        <p id={`${id}-counter`} className="counter" data-full={full ? '' : undefined}>
          {counter}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      ) : null}
    </>
  );
}
