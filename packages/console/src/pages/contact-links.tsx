// A lead's e-mail and phone as links: write, call, or open WhatsApp, one tap on a phone (each link
// is named by what it shows, the address or the number, as WCAG's "label in name" asks). Only
// values that look like an address or a number become links (the schema checked them when they
// arrived; a value stored some other way stays text), and no link carries anything but them.
import { useT } from '../i18n.ts';

const EMAIL = /^[^\s@?&#/:]+@[^\s@?&#/:]+\.[^\s@?&#/:]+$/;

/** The digits of a phone number with its `+` (for tel:), or undefined when it has too few to call. */
function dialable(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return undefined;
  return `${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** `email` as a mailto: link (text when it does not look like an address). */
export function EmailLink({ email }: { email: string }) {
  if (!EMAIL.test(email)) return <span className="nowrap">{email}</span>;
  return (
    <a className="nowrap" href={`mailto:${email}`}>
      {email}
    </a>
  );
}

/** `phone` as a tel: link and, with its country code, a WhatsApp link (text when it is no number). */
export function PhoneLinks({ phone, name }: { phone: string; name: string }) {
  const { t } = useT();
  const number = dialable(phone);
  if (!number) return phone ? <span className="nowrap">{phone}</span> : null;
  return (
    <span className="phone-links">
      <a className="nowrap" href={`tel:${number}`}>
        {phone}
      </a>
      {/* wa.me wants the full international number: only offered when the lead gave its country code. */}
      {number.startsWith('+') && (
        <a
          className="whatsapp"
          href={`https://wa.me/${number.slice(1)}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('consoleWork.links.whatsapp', { name: name || phone })}
        >
          {t('consoleWork.links.whatsappShort')}
        </a>
      )}
    </span>
  );
}
