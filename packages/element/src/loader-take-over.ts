// What the ESM loader carries over from a pre-rendered first view (a declarative shadow root
// written into the page at build time) to the view the widget renders when its code takes over:
// whatever the visitor typed, ticked or chose before the code arrived, and where the focus and
// caret were. Part of the loader, not of the widgets' runtime: only the loader lets a visitor act
// before the code runs.

type Control = HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement;

/** What the visitor left in a pre-rendered view: the changed controls and the focused element, by position. */
export interface VisitorInput {
  /** Position among the view's controls → the control's kind (`name type`), value and checked state. */
  changed: [index: number, kind: string, value: string, checked: boolean][];
  /** The focused element's position among the focusable ones, its kind (`tag type name`), and its caret (null where it has none). */
  focus: [index: number, kind: string, start: number | null, end: number | null] | undefined;
}

const controlsOf = (root: ParentNode): Control[] => [...root.querySelectorAll<Control>('input, textarea, select')];
/** What a keyboard visitor can be on: the controls, and the buttons and links (a Tab onto "Send" is what loads the code). */
type Focusable = HTMLElement & Partial<Control>;
const focusablesOf = (root: ParentNode): Focusable[] => [
  ...root.querySelectorAll<Focusable>('input, textarea, select, button, a[href], summary, [tabindex]'),
];
/** What the focused element is, so the focus goes only to the same kind of element (and a caret only where one fits). */
const focusKindOf = (node: Focusable) => `${node.localName} ${node.type ?? ''} ${node.name ?? ''}`;
const kindOf = (control: Control) => `${control.name} ${control.type}`;
const toggles = (control: Control) => /^(checkbox|radio)$/.test(control.type);

/** Whether the visitor changed a control from what the page's HTML put there. */
const isChanged = (control: Control): boolean =>
  // A select with no `selected` option shows its first one: that is not a change.
  control.options
    ? !control.options[
        Math.max(
          0,
          [...control.options].findIndex((option) => option.hasAttribute('selected')),
        )
      ]?.selected
    : toggles(control)
      ? control.checked !== control.defaultChecked
      : control.value !== control.defaultValue;

/** Reads what the visitor typed, ticked and chose in `root`, and where the focus is (`active`). */
export function readVisitorInput(root: ParentNode, active: Element | null): VisitorInput {
  const focusables = focusablesOf(root);
  const index = focusables.findIndex((node) => node === active);
  // Buttons and links have no caret (undefined); inputs without one give null.
  const focused = focusables[index];
  return {
    changed: controlsOf(root).flatMap((control, i) => (isChanged(control) ? [[i, kindOf(control), control.value, control.checked]] : [])),
    focus: focused && [index, focusKindOf(focused), focused.selectionStart ?? null, focused.selectionEnd ?? null],
  };
}

/**
 * Puts the visitor's input into the freshly rendered view: each changed control gets its value
 * back and the `input` and `change` events the widget listens to, so its state learns it as if it
 * had been typed; the focus (and caret) return to the same control, button or link.
 */
export function restoreVisitorInput(root: ParentNode, { changed, focus }: VisitorInput): void {
  const controls = controlsOf(root);
  for (const [index, kind, value, checked] of changed) {
    const control = controls[index];
    // The view differs (a restored draft opened another step): this value has no place to go.
    if (!control || kindOf(control) !== kind) continue;
    if (toggles(control)) control.checked = checked;
    else control.value = value;
    for (const type of ['input', 'change']) control.dispatchEvent(new Event(type, { bubbles: true }));
  }
  const focused = focus && focusablesOf(root)[focus[0]];
  // The view differs (another step, one more button before it): no focus is better than a focus on something else.
  if (!focused || focusKindOf(focused) !== focus[1]) return;
  focused.focus();
  // Null on elements without a caret (the same kind, so the same here), where setSelectionRange would throw or not exist.
  if (focus[2] !== null) focused.setSelectionRange!(focus[2], focus[3]);
}
