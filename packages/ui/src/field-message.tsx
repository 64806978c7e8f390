/** The hint and error lines under a control; ids match {@link describedBy}. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? <p id={`${id}-hint`} className="hint">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="error">{error}</p> : null}
    </>
  );
}
