// The values page's contact popup, as loss-proof as the widgets (docs/partners/delivery.md):
// validated with the schema the server uses and delivered to
// POST /api/contact by deliver() — one Idempotency-Key per message, retries, and an outbox that
// outlives a lost network and a reload. What the visitor types is kept as a draft until it is
// sent. The status line always says whether it is sending, waiting for the network, sent or
// failed, and why. It runs on the widgets' form engine (@obra/form's core; its React binding
// stays out of the host script).
import { attributionOf, sendContact, stored, type Delivery, type Refusal } from '@obra/api';
import { createAutosave, createSubmission, pageStorage, type Sent } from '@obra/form';
import { CONTACT_LIMITS, validateContact, type ContactMessage, type FieldError } from '@obra/schema';
import { contactKeys } from './contact-intent.ts';

const FIELDS = ['name', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
/** A draft: the three fields (never the honeypot) and when the visitor started writing. */
type Draft = Record<Field, string> & { startedAt?: number };

/** Wires the popup in `doc`; `apiBase` is where the API lives (the host serves it at /api). */
export function enhanceContact(doc: Document, apiBase = '/api'): void {
  const dialog = doc.querySelector<HTMLDialogElement>('[data-contact]');
  const form = dialog?.querySelector<HTMLFormElement>('[data-contact-form]');
  const submit = form?.querySelector<HTMLButtonElement>('[data-contact-submit]');
  const status = form?.querySelector<HTMLElement>('[data-contact-status]');
  if (!dialog || !form || !submit || !status) return;
  const text = form.dataset;
  const reasons = JSON.parse(text.reasons ?? '{}') as Record<string, string>;
  const label = submit.textContent ?? '';
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const typed = () => Object.fromEntries(FIELDS.map((name) => [name, control(name).value])) as Record<Field, string>;
  const fill = (from: Partial<Record<Field, unknown>>) => {
    for (const name of FIELDS) if (typeof from[name] === 'string') control(name).value = from[name];
  };

  // Kept a week. Without storage (sandboxed iframes, disabled cookies) nothing is kept, and the send still goes.
  const storage = pageStorage(doc);
  const keys = contactKeys(doc.location.pathname);
  const draft = stored<Draft>(storage, keys.draft, 'draft');
  const outbox = stored<Delivery>(storage, keys.outbox, 'delivery');
  // When the visitor began this message (the server's minimum-time spam rule): kept with the
  // draft, so a message restored after a reload is not taken for a bot's quick fill.
  let startedAt: number | undefined;
  const autosave = createAutosave(draft, (): Draft | undefined => {
    const values = typed();
    return FIELDS.some((name) => values[name]) ? { ...values, startedAt: startedAt ?? Date.now() } : undefined;
  });
  form.addEventListener('input', () => {
    startedAt ??= Date.now();
    autosave.schedule();
  });
  // A reload or a tab closed within the pause keeps the last keystrokes too.
  doc.defaultView?.addEventListener('pagehide', () => autosave.pending && autosave.flush());

  doc.querySelector('[data-contact-open]')?.addEventListener('click', () => {
    startedAt ??= Date.now();
    dialog.showModal();
  });
  dialog.querySelector('[data-contact-close]')?.addEventListener('click', () => dialog.close());

  const message = (name: Field, error: FieldError | undefined) =>
    !error
      ? ''
      : error.key === 'email'
        ? text.errorEmail!
        : error.key === 'tooLong'
          ? text.errorToolong!.replace('{{max}}', String(error.max ?? CONTACT_LIMITS[name]))
          : error.key === 'characters'
            ? text.errorCharacters!
            : text.errorRequired!;
  function showErrors(errors: Partial<Record<Field, FieldError>>) {
    for (const name of FIELDS) {
      const error = errors[name];
      control(name).setAttribute('aria-invalid', String(!!error));
      form!.querySelector(`[data-error-for="${name}"]`)!.textContent = message(name, error);
    }
    const first = FIELDS.find((name) => errors[name]);
    if (first) control(first).focus();
  }

  /** The status line (role=status): `state` is its class, `detail` the reason of a failure. */
  function show(state: 'sending' | 'waiting' | 'ok' | 'failed', line: string, detail?: string) {
    status!.className = `status ${state}`;
    status!.textContent = line;
    if (detail) status!.append(' ', Object.assign(doc.createElement('span'), { className: 'detail', textContent: detail }));
  }

  // The form engine: one key per message, one send at a time; it reports sending and waiting.
  const submission = createSubmission((state) => show(state, state === 'waiting' ? text.waiting! : text.sendingStatus!));

  /**
   * Marks the fields a refusal names and says why it was not sent, naming them by their labels
   * (what was typed stays); `earlier` for a message refused after the page it was sent from was left.
   */
  function refused({ key, fields }: Refusal, earlier = false) {
    showErrors(Object.fromEntries(Object.entries(fields).map(([name, error]) => [name, { key: error }])) as never);
    const labels = FIELDS.filter((name) => fields[name]).map((name) => control(name).labels?.[0]?.textContent ?? '');
    const list = new Intl.ListFormat(doc.documentElement.lang || 'es', { type: 'conjunction' }).format(labels);
    show(
      'failed',
      earlier ? reasons.notAccepted! : text.failed!,
      labels.length ? reasons.refused!.replace('{{fields}}', list) : reasons[key.slice(4)],
    );
  }

  /** Runs one delivery of `sent` (the form is claimed: a second press sends nothing) and shows its outcome. */
  async function run(sent: ContactMessage, send: () => Promise<Sent<unknown>>) {
    if (!submission.begin()) return;
    // aria-disabled rather than disabled keeps keyboard focus on the button while it sends.
    submit!.setAttribute('aria-disabled', 'true');
    submit!.textContent = text.sending!;
    form!.setAttribute('aria-busy', 'true');
    const outcome = await send();
    submit!.removeAttribute('aria-disabled');
    submit!.textContent = label;
    form!.removeAttribute('aria-busy');
    if (!outcome.ok) return refused(outcome.error);
    // What was typed while it waited is a new message: it stays, with its draft.
    const now = validateContact(typed());
    if (now.ok && FIELDS.every((name) => now.value[name] === sent[name])) {
      form!.reset();
      autosave.clear();
      startedAt = undefined;
    }
    show('ok', text.sent!);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submission.busy) return;
    const result = validateContact(typed());
    showErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    // The draft now holds exactly what is sent: a reload shows it beside the pending send.
    autosave.flush();
    const value = result.value;
    const spam = { startedAt: startedAt ?? Date.now(), trap: control('website').value };
    const lang = doc.documentElement.lang || 'es';
    void run(value, () =>
      submission.send(value, spam, ({ key, headers, ...hooks }) =>
        sendContact(value, {
          apiBase,
          headers: { ...headers, 'Accept-Language': lang },
          attribution: attributionOf(doc, 'contact'),
          key,
          outbox,
          ...hooks,
        }),
      ),
    );
  });

  // A reload: the draft comes back, and a message a previous load could not deliver is sent now
  // under its first key, with the popup open so the visitor sees it go. One the server refused is
  // not sent again: the popup opens on it, the refused fields marked, until the visitor sends again.
  const saved = draft.read();
  startedAt = saved?.startedAt;
  const pending = outbox.read();
  fill(saved ?? (pending?.body as ContactMessage | undefined) ?? {});
  if (pending) {
    dialog.showModal();
    if (pending.refused) refused(pending.refused, true);
    else void run(pending.body as ContactMessage, () => submission.resume(pending, outbox));
  }
}
