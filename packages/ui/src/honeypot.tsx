/**
 * A field people never see nor reach (off-screen, hidden from assistive technology, out of the tab
 * order, never autofilled): form-filling bots fill it, and the server takes a submission whose
 * trap is filled for spam (docs/operators/api.md#spam). `onValue` receives what was put in it.
 */
export function Honeypot({ onValue }: { onValue: (value: string) => void }) {
  return (
    <div className="trap" aria-hidden="true">
      <input type="text" name="website" tabIndex={-1} autoComplete="off" onChange={(event) => onValue(event.currentTarget.value)} />
    </div>
  );
}
