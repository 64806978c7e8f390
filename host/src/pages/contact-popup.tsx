/** @jsxImportSource preact */
// The values page's contact popup (docs/contributors/behaviour.md#contact-popup-sends): a native <dialog> with a real form that the
// host script validates and delivers to POST /api/contact. Its messages (sending, waiting for the
// network, sent, failed and why) travel as data attributes, so the script carries no copy of its own.
import { CONTACT_LIMITS } from '@obra/schema';
import { API_MESSAGES, type HostT } from '../texts.ts';

/** The button that opens the popup, and the popup. */
export function ContactPopup({ t }: { t: HostT }) {
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
        {t('host.values.contact.open')}
      </button>
      <dialog class="popup" aria-labelledby="contact-title" data-contact>
        <form
          method="dialog"
          novalidate
          data-contact-form
          data-sending={t('host.values.contact.sending')}
          data-sending-status={t('host.values.contact.sendingStatus')}
          data-waiting={t('api.waiting')}
          data-sent={t('host.values.contact.sent')}
          data-failed={t('host.values.contact.failed')}
          data-reasons={JSON.stringify(Object.fromEntries(API_MESSAGES.map((key) => [key, t(`api.${key}`)])))}
          data-error-required={t('common.required')}
          data-error-email={t('common.email')}
          data-error-toolong={t('common.tooLong')}
          data-error-characters={t('common.characters')}
        >
          <div class="overlay-head">
            <h2 id="contact-title">{t('host.values.contact.title')}</h2>
            <button type="button" class="button secondary close" data-contact-close>
              <span aria-hidden="true">✕ </span>
              {t('host.values.contact.close')}
            </button>
          </div>
          {field('name', t('host.values.contact.name'))}
          {field('email', t('host.values.contact.email'))}
          {field('message', t('host.values.contact.message'))}
          {/* Honeypot: hidden from people, filled by bots (the server drops such messages). */}
          <input class="honeypot" type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" />
          <button type="submit" class="button" data-contact-submit>
            {t('host.values.contact.send')}
          </button>
          <p class="status" role="status" data-contact-status />
        </form>
      </dialog>
    </section>
  );
}
