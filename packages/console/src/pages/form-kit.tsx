// The console's form kit: a labelled control with its hint and its error wired to it
// (aria-describedby, aria-invalid), a select from a list of options, a checkbox or radio with its
// label, and a form's error line. Every screen draws its fields with these, so a field looks and
// is announced the same everywhere (docs/contributors/architecture.md#the-console).
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** What surrounds a control: its label, and what describes it. */
type FieldFrame = {
  /** The control's id; its hint is `${id}-hint` and its error `${id}-error`. */
  id: string;
  label: ReactNode;
  /** A line under the control that says what to type (it describes the control). */
  hint?: ReactNode;
  /** What is wrong with this field: shown under it, announced, and the control marked invalid. */
  error?: ReactNode;
  /** Another element that describes the control too, e.g. the form's error line. */
  describedBy?: string;
  /** The control is marked invalid though its error is said elsewhere (the form's error line). */
  invalid?: boolean;
  /** Label, control, hint and error in one <div> (one cell of a row of fields); a string is its class. */
  wrap?: boolean | string;
};

/** An option of a SelectField. */
type Option = { value: string; label: string; disabled?: boolean };

/** The frame's props apart from the control's, and the attributes that tie the control to its label, hint and error. */
function split<P extends FieldFrame>(props: P) {
  const { id, label, hint, error, describedBy, invalid, wrap, ...control } = props;
  const described = [describedBy, hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria = { id, 'aria-describedby': described || undefined, 'aria-invalid': error || invalid ? true : undefined };
  return { frame: { id, label, hint, error, wrap }, control, aria };
}

function Frame({ frame: { id, label, hint, error, wrap }, children }: { frame: Omit<FieldFrame, 'describedBy'>; children: ReactNode }) {
  const body = (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </>
  );
  return wrap ? <div className={typeof wrap === 'string' ? wrap : undefined}>{body}</div> : body;
}

/** A labelled <input> (text, e-mail, number, date, password…). */
export function TextField(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  const { frame, control, aria } = split(props);
  return (
    <Frame frame={frame}>
      <input {...control} {...aria} />
    </Frame>
  );
}

/** A labelled <textarea>. */
export function TextAreaField(props: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  const { frame, control, aria } = split(props);
  return (
    <Frame frame={frame}>
      <textarea {...control} {...aria} />
    </Frame>
  );
}

/** A labelled <select>: its `children` (e.g. a first "none" option), then `options`. */
export function SelectField(props: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { options?: readonly Option[] }) {
  const { frame, control, aria } = split(props);
  const { options, children, ...select } = control;
  return (
    <Frame frame={frame}>
      <select {...select} {...aria}>
        {children}
        {options && <Options options={options} />}
      </select>
    </Frame>
  );
}

/** The <option>s of a list (for a select labelled otherwise, e.g. by aria-label in a table row). */
export function Options({ options }: { options: readonly Option[] }) {
  return options.map(({ value, label, disabled }) => (
    <option key={value} value={value} disabled={disabled}>
      {label}
    </option>
  ));
}

/**
 * A checkbox (or radio, with `type`) and its label after it, in a <div> of class `className`
 * ("check" by default, "choice" in a list of choices); `hint` is a line under the label that describes it.
 */
export function Check({
  id,
  label,
  hint,
  className = 'check',
  type = 'checkbox',
  ...input
}: { id: string; label: ReactNode; hint?: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>) {
  return (
    <div className={className}>
      <input {...input} type={type} id={id} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A checkbox inside its label (one of a fieldset's choices, no id needed). */
export function Choice({ label, ...input }: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label>
      <input {...input} type="checkbox" /> {label}
    </label>
  );
}

/** A form's (or a field's) error line: announced at once; `live` keeps it in place while empty. */
export function ErrorText({ id, live, children }: { id?: string; live?: boolean; children: ReactNode }) {
  return (
    <p id={id} className={live ? 'error live' : 'error'} role="alert">
      {children}
    </p>
  );
}
