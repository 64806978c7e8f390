// The values page's contact popup (DESIGN.md §5.3): validated with the schema the server uses,
// sent to POST /api/contact, with a sending state and a success or error message. On an error
// everything typed stays in the form; it is cleared only after the message was stored.
import { ApiError, sendContact } from '@obra/api';
import { validateContact, type FieldError } from '@obra/schema';

const FIELDS = ['name', 'email', 'message'] as const;

/** Wires the popup in `doc`; `apiBase` is where the API lives (the host serves it at /api). */
export function enhanceContact(doc: Document, apiBase = '/api'): void {
  const dialog = doc.querySelector<HTMLDialogElement>('[data-contact]');
  const form = dialog?.querySelector<HTMLFormElement>('[data-contact-form]');
  const submit = form?.querySelector<HTMLButtonElement>('[data-contact-submit]');
  const status = form?.querySelector<HTMLElement>('[data-contact-status]');
  if (!dialog || !form || !submit || !status) return;
  const text = form.dataset;
  const label = submit.textContent ?? '';
  let openedAt = 0;
  let sending = false;

  doc.querySelector('[data-contact-open]')?.addEventListener('click', () => {
    openedAt = performance.now();
    dialog.showModal();
  });
  dialog.querySelector('[data-contact-close]')?.addEventListener('click', () => dialog.close());

  const message = (error: FieldError | undefined) =>
    !error ? '' : error.key === 'email' ? text.errorEmail! : error.key === 'tooLong' ? text.errorToolong!.replace('{max}', String(error.max)) : text.errorRequired!;
  function showErrors(errors: Partial<Record<(typeof FIELDS)[number], FieldError>>) {
    for (const name of FIELDS) {
      const control = form!.elements.namedItem(name) as HTMLInputElement;
      const error = errors[name];
      control.setAttribute('aria-invalid', String(!!error));
      form!.querySelector(`[data-error-for="${name}"]`)!.textContent = message(error);
    }
    const first = FIELDS.find((name) => errors[name]);
    if (first) (form!.elements.namedItem(first) as HTMLElement).focus();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    const result = validateContact(Object.fromEntries(FIELDS.map((name) => [name, value(name)])));
    showErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    sending = true;
    // aria-disabled rather than disabled keeps keyboard focus on the button while it sends.
    submit.setAttribute('aria-disabled', 'true');
    submit.textContent = text.sending!;
    status.textContent = '';
    status.className = 'status';
    try {
      await sendContact(result.value, { apiBase, website: value('website'), elapsedMs: performance.now() - openedAt });
      form.reset();
      status.textContent = text.sent!;
      status.classList.add('ok');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        showErrors(Object.fromEntries(Object.entries(error.fields).map(([k, key]) => [k, { key }])) as never);
      }
      status.textContent = text.failed!;
      status.classList.add('failed');
    } finally {
      sending = false;
      submit.removeAttribute('aria-disabled');
      submit.textContent = label;
    }
  });
}
