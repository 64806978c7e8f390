// Every fact about the company the site shows (docs/contributors/behaviour.md#site-facts): change them here, and only here.

/** The company's facts, shown in the footer, the head and the contact links. */
export const SITE = {
  name: 'Obra',
  /** Public origin, for canonical and hreflang links. */
  origin: 'https://obra.example',
  city: 'Medellín, Colombia',
  address: 'Carrera 43A # 1-50, El Poblado',
  social: { label: 'Instagram', href: 'https://www.instagram.com/obra.construccion' },
  email: 'contacto@obra.example',
  /** WhatsApp number in international form without '+', for wa.me links. */
  whatsapp: '573001234567',
  /** The prefilled message is Spanish in both languages (docs/contributors/behaviour.md#layout). */
  whatsappMessage: 'Hola, quiero más información sobre la solución de diseño con IA de Obra.',
  /** The rights line's year is fixed by docs/contributors/behaviour.md#constants. */
  year: 2025,
  /** The values page's years figure (docs/contributors/behaviour.md#constants). */
  years: '25+',
  /** A real catalogue slug, for links and tests. */
  featuredSlug: 'sketchup',
} as const;

/** The wa.me link with the prefilled message. */
export const whatsappHref = (): string => `https://wa.me/${SITE.whatsapp}?text=${encodeURIComponent(SITE.whatsappMessage)}`;
