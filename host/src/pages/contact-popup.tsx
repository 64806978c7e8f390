/** @jsxImportSource preact */
// The values page's contact popup (docs/contributors/behaviour.md#contact-popup-sends): a native <dialog> with a real form that the
// host script validates and delivers to POST /api/contact. Its messages (sending, waiting for the
// network, sent, failed and why) travel as data attributes, so the script carries no copy of its own.
import type { Copy } from '../copy/index.ts';
import { CONTACT_LIMITS } from '@obra/schema';

/** The button that opens the popup, and the popup. */
export function ContactPopup({ copy }: { copy: Copy }) {
  const t = copy.values.contact;
  const field = (name: 'name' | 'email' | 'message', label: string) => (
    <div class="field">
      <label for={`contact-${name}`}>{label}</label>
      {name === 'message' ? (
        <textarea
          id={`contact-${name}`}
          name={name}
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          required
          aria-describedby={`contact-${name}-error`}
        />
      ) : name === 'email' ? (
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={CONTACT_LIMITS.email}
          required
          aria-describedby="contact-email-error"
        />
      ) : (
        <input
          id="contact-name"
          name="name"
          type="text"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          required
          aria-describedby="contact-name-error"
        />
      )}
      <p class="error" id={`contact-${name}-error`} data-error-for={name} />
    </div>
  );
  return (
    <section class="section contact-cta">
      <button type="button" class="button" data-contact-open>
        {t.open}
      </button>
      <dialog class="popup" aria-labelledby="contact-title" data-contact>
        <form
          method="dialog"
          novalidate
          data-contact-form
          data-sending={t.sending}
          data-sending-status={t.sendingStatus}
          data-waiting={t.waiting}
          data-sent={t.sent}
          data-failed={t.failed}
          data-reasons={JSON.stringify(t.reasons)}
          data-error-required={t.errors.required}
          data-error-email={t.errors.email}
          data-error-toolong={t.errors.tooLong}
          data-error-characters={t.errors.characters}
        >
          <div class="overlay-head">
            <h2 id="contact-title">{t.title}</h2>
            <button type="button" class="button secondary close" data-contact-close>
              <span aria-hidden="true">✕ </span>
              {t.close}
            </button>
          </div>
          {field('name', t.name)}
          {field('email', t.email)}
          {field('message', t.message)}
          {/* Honeypot: hidden from people, filled by bots (the server drops such messages). */}
          <input class="honeypot" type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
          <button type="submit" class="button" data-contact-submit>
            {t.send}
          </button>
          <p class="status" role="status" data-contact-status />
        </form>
      </dialog>
    </section>
  );
}
