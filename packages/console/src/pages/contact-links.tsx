// A lead's e-mail and phone as links: write, call, or open WhatsApp, one tap on a phone (each link
// is named by what it shows, the address or the number, as WCAG's "label in name" asks). Only
// values that look like an address or a valid number become links (a value stored some other way
// stays text), and no link carries anything but them.
import { useT } from '../i18n.ts';

const EMAIL = /^[^\s@?&#/:]+@[^\s@?&#/:]+\.[^\s@?&#/:]+$/;

/** `email` as a mailto: link (text when it does not look like an address). */
export function EmailLink({ email }: { email: string }) {
  if (!EMAIL.test(email)) return <span className="nowrap">{email}</span>;
  return (
    <a className="nowrap" href={`mailto:${email}`}>
      {email}
    </a>
  );
}

/**
 * `phone` as a tel: link and a WhatsApp link, both to `international`: the number in international
 * form the API read in the lead's country (the CSV's, one computation on the server); text when it
 * is no valid number.
 */
export function PhoneLinks({ phone, international, name }: { phone: string; international: string | null; name: string }) {
  const { t } = useT();
  if (!international) return phone ? <span className="nowrap">{phone}</span> : null;
  const digits = international.replace(/\D/g, '');
  return (
    <span className="phone-links">
      <a className="nowrap" href={`tel:+${digits}`}>
        {international}
      </a>
      <a
        className="whatsapp"
        href={`https://wa.me/${digits}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('consoleWork.links.whatsapp', { name: name || international })}
      >
        {t('consoleWork.links.whatsappShort')}
      </a>
    </span>
  );
}
