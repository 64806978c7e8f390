import type { PageId } from '../routes.ts';

/** A titled text: cards, bullets, reasons. */
export interface Item {
  title: string;
  text: string;
}

/** Every text of the host site in one language; es.ts and en.ts must both satisfy it. */
export interface Copy {
  /** `<title>` and meta description per page. */
  meta: Record<PageId | 'notFound', { title: string; description: string }>;
  nav: {
    label: string;
    menu: string;
    form: string;
    marketplace: string;
    registration: string;
    home: string;
    toggle: string;
    toggleLabel: string;
  };
  footer: {
    heading: string;
    addressLabel: string;
    social: string;
    emailCta: string;
    whatsapp: string;
    rights: string;
    pages: string;
    waitList: string;
    values: string;
    vision: string;
  };
  home: {
    title: string;
    lead: string;
    cta: string;
    servicesTitle: string;
    services: [Item, Item, Item];
    formCard: Item & { cta: string };
    marketCard: Item & { cta: string };
    valuesTitle: string;
    values: [Item, Item, Item];
    contact: string;
    notice: { title: string; text: string; open: string; dismiss: string; close: string; dialogTitle: string };
  };
  /** The company's projects (host/src/projects.ts), on the home and values pages: a caption each, in order. */
  projects: { title: string; lead: string; items: [string, string, string] };
  values: {
    title: string;
    lead: string;
    whyTitle: string;
    why: [Item, Item, Item];
    yearsLabel: string;
    testimonialsTitle: string;
    testimonials: { quote: string; name: string; role: string }[];
    carousel: { previous: string; next: string; pause: string; play: string; slide: string };
    contact: {
      open: string;
      title: string;
      close: string;
      name: string;
      email: string;
      message: string;
      send: string;
      /** The button's label while sending or waiting. */
      sending: string;
      /** Announced in the status line while a send is under way. */
      sendingStatus: string;
      /** Announced while the message waits for the network (kept in the outbox). */
      waiting: string;
      sent: string;
      /** Opens the failure line; the reason (one of `reasons`) follows it. */
      failed: string;
      /** Why a send failed, by the `api.*` error key without its prefix. */
      reasons: Record<'network' | 'server' | 'rateLimited' | 'invalid' | 'tooLarge' | 'unexpected', string>;
      errors: { required: string; email: string; tooLong: string; characters: string };
    };
  };
  vision: { title: string; description: string; bullets: [string, string, string] };
  pages: Record<'form' | 'waitList' | 'marketplace' | 'registration' | 'product', { title: string; lead: string }>;
  /** `title` and `text` are the toast's (docs/contributors/behaviour.md#errors); `heading` and `lead` the page's. */
  success: {
    title: string;
    text: string;
    heading: string;
    lead: string;
    home: string;
    progress: string;
    /** While the order is confirmed with the payment provider, and when it is not paid, unknown or cannot be checked. */
    checking: string;
    unpaidHeading: string;
    unpaidText: string;
    retry: string;
    unknownHeading: string;
    unknownText: string;
    errorHeading: string;
    errorText: string;
  };
  /** The embedded test checkout (no payment provider keys): a page that stands in for the card provider's. */
  testCheckout: {
    badge: string;
    notice: string;
    heading: string;
    loading: string;
    product: string;
    total: string;
    pay: string;
    paying: string;
    /** The buyer's e-mail field, for the confirmation, and what it says when it is not an address. */
    email: string;
    emailInvalid: string;
    cancel: string;
    unknown: string;
    expired: string;
    paid: string;
    error: string;
    catalogue: string;
  };
  notFound: { title: string; text: string; home: string; product: string; productText: string; catalogue: string };
  skip: string;
  /** Shown on widget pages when JavaScript is off. */
  noscript: string;
}
