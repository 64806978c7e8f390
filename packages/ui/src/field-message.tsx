/** The label of a field control, with the visual required mark (screen readers get `required` from the control). */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor}>
      {label}
      {required ? <span aria-hidden="true" className="required"> *</span> : null}
    </label>
  );
}

/** The hint and error lines under a control; ids match {@link describedBy}. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? <p id={`${id}-hint`} className="hint">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="error">{error}</p> : null}
    </>
  );
}
