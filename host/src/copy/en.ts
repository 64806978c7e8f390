import api from '@obra/i18n/locales/en/api.json' with { type: 'json' };
import common from '@obra/i18n/locales/en/common.json' with { type: 'json' };
import type { Copy } from './types.ts';

// The contact popup says what the widgets say about a send (JSON modules have only a default export).
const { waiting, ...reasons } = api;
// Field errors are the widgets' words too (`{{max}}` is filled in by client/contact.ts).
const errors = { required: common.required, email: common.email, tooLong: common.tooLong, characters: common.characters };

/** The site's English copy. */
export const en: Copy = {
  meta: {
    home: {
      title: 'Obra — AI design for your construction',
      description: 'Design your building with AI, get a report on materials, costs and times, and find the software to build it.',
    },
    form: { title: 'AI design form — Obra', description: 'Describe your project, generate an AI image and get the report by e-mail.' },
    waitList: { title: 'Wait list — Obra', description: 'Join the Obra wait list as a customer or as a supplier.' },
    values: {
      title: 'Our values — Obra',
      description: 'Why choose Obra: over 25 years of experience, customer testimonials and our projects.',
    },
    vision: {
      title: 'Our vision — Obra',
      description: 'Where Obra is going: faster, clearer and more sustainable construction with the help of AI.',
    },
    marketplace: {
      title: 'Software catalogue — Obra',
      description: 'Design, modelling, rendering and BIM software for your construction projects.',
    },
    registration: {
      title: 'Partner registration — Obra',
      description: 'Register as an Obra professional partner and receive projects in your field.',
    },
    product: {
      title: '{name} — Software catalogue — Obra',
      description: '{name}: description, features, videos and price in the Obra software catalogue.',
    },
    success: { title: 'Purchase complete — Obra', description: 'Your payment on Obra was processed successfully.' },
    testCheckout: { title: 'Test checkout — Obra', description: "Obra's simulated payment to try a purchase without charging anything." },
    notFound: {
      title: 'Página no encontrada · Page not found — Obra',
      description: 'La página que buscas no existe. The page you are looking for does not exist.',
    },
  },
  nav: {
    label: 'Main',
    menu: 'Menu',
    form: 'Form',
    marketplace: 'Marketplace',
    registration: 'Registration',
    home: 'Obra, home',
    toggle: 'ES',
    toggleLabel: 'Leer esta página en español',
  },
  footer: {
    heading: 'Contact',
    addressLabel: 'Address',
    social: 'Follow us on Instagram',
    emailCta: 'Got a project? Write to us',
    whatsapp: 'Message us on WhatsApp',
    rights: 'All rights reserved.',
    pages: 'Pages',
    waitList: 'Wait list',
    values: 'Values',
    vision: 'Vision',
  },
  home: {
    title: 'Design your building with artificial intelligence',
    lead: 'Describe your project and get a reference image and a report on materials, costs and times in your inbox.',
    cta: 'Design my project',
    servicesTitle: 'Services',
    services: [
      { title: 'AI architectural design', text: 'From your sizes and preferences to a realistic image of your building in seconds.' },
      { title: 'Automatic reports', text: 'Estimated materials, costs and times for every stage, ready to share.' },
      { title: 'Construction marketplace', text: 'Products and software to build with, paid securely by card.' },
    ],
    formCard: {
      title: 'Design form',
      text: 'Choose the building system, roof and facade, and generate your image.',
      cta: 'Go to the form',
    },
    marketCard: {
      title: 'Software catalogue',
      text: 'The design, modelling, rendering and BIM tools professionals use.',
      cta: 'See the catalogue',
    },
    valuesTitle: 'Our values',
    values: [
      { title: 'Clarity', text: 'Numbers and deadlines you understand before the first brick is laid.' },
      { title: 'Quality', text: 'Proven building systems and experienced partners.' },
      { title: 'Sustainability', text: 'Materials and designs that care for the surroundings and your budget.' },
    ],
    contact: 'Talk to us about your project on WhatsApp',
    notice: {
      title: 'Ready to design?',
      text: 'Open the form right here and generate your image.',
      open: 'Open the form',
      dismiss: 'Dismiss notice',
      close: 'Close form',
      dialogTitle: 'AI design form',
    },
  },
  projects: {
    title: 'Projects',
    lead: 'Drawn by the same illustrator that draws your project in the form.',
    items: [
      'Two-storey modular house with a gable roof',
      'Sandwich-panel industrial warehouse with a single-pitch roof',
      'Commercial building with a ventilated glass facade and a green roof',
    ],
  },
  values: {
    title: 'Our values',
    lead: 'We have built with clarity, quality and commitment for more than two decades.',
    whyTitle: 'Why choose us?',
    why: [
      { title: 'Real experience', text: 'Hundreds of projects delivered in housing, industry and retail.' },
      { title: 'Useful technology', text: 'AI helps us decide earlier and get fewer things wrong.' },
      { title: 'Support', text: 'A team that answers from the first idea to the handover.' },
    ],
    yearsLabel: 'years of experience',
    testimonialsTitle: 'What our customers say',
    testimonials: [
      {
        quote: 'In one afternoon we had the image and the budget for the warehouse. It saved us weeks.',
        name: 'Laura Gómez',
        role: 'Logistics manager',
      },
      { quote: 'The materials report was clear and accurate; the build finished on schedule.', name: 'Andrés Ruiz', role: 'Home owner' },
      {
        quote: 'As a supplier, Obra connects us with projects that really need what we make.',
        name: 'Camila Torres',
        role: 'Panel manufacturer',
      },
    ],
    carousel: {
      previous: 'Previous testimonial',
      next: 'Next testimonial',
      pause: 'Pause',
      play: 'Play',
      slide: 'Testimonial {n} of {total}',
    },
    contact: {
      open: 'Write to us',
      title: 'Contact us',
      close: 'Close',
      name: 'Name',
      email: 'E-mail',
      message: 'Message',
      send: 'Send message',
      sending: 'Sending...',
      sendingStatus: 'Sending your message…',
      waiting,
      sent: 'Thank you! We received your message and will answer soon.',
      failed: 'We could not send your message; what you typed is still here.',
      reasons,
      errors,
    },
  },
  vision: {
    title: 'Our vision',
    description: 'We want anyone to plan their building with the same information a professional has, before spending a cent.',
    bullets: [
      'AI-assisted design within everyone’s reach.',
      'Transparent budgets and deadlines from day one.',
      'A network of partners and suppliers that builds sustainably.',
    ],
  },
  pages: {
    form: {
      title: 'Design your project',
      lead: 'Fill in the sections, generate the image with the lightning bolt and request your report.',
    },
    waitList: { title: 'Wait list', lead: 'Leave your details and we will let you know when we open in your area.' },
    marketplace: { title: 'Software catalogue', lead: 'Search by name or category.' },
    registration: { title: 'Register as a partner', lead: 'Construction professionals: join the Obra network.' },
    product: { title: 'Software detail', lead: 'Features, videos and price.' },
  },
  success: {
    title: 'Purchase complete!',
    text: 'Your payment has been processed successfully.',
    heading: 'Thank you for your purchase',
    lead: 'We sent the receipt to your e-mail. If you have any questions, write to us.',
    home: 'Back to home',
    progress: 'Notice time',
    checking: 'Confirming your payment…',
    unpaidHeading: 'Your payment is not confirmed',
    unpaidText:
      'The payment provider does not show this payment as complete yet. If you did not finish paying, nothing was charged and you can try again.',
    retry: 'Back to the product',
    unknownHeading: 'We could not find this purchase',
    unknownText: 'The link does not match any payment. If you paid, write to us and we will look into it.',
    errorHeading: 'We could not confirm your payment',
    errorText: 'The server did not answer. Reload the page in a few minutes; your payment is not lost.',
  },
  testCheckout: {
    badge: 'TEST MODE',
    notice:
      'This page simulates the card payment because the site has no Stripe keys. Nothing is charged and no card details are asked for.',
    heading: 'Test checkout',
    loading: 'Loading the order…',
    product: 'Product',
    total: 'Total',
    pay: 'Pay (test)',
    paying: 'Recording the payment…',
    email: 'Your e-mail (we send the receipt there)',
    emailInvalid: 'Write a valid e-mail address, for example name@example.com.',
    cancel: 'Cancel and go back',
    unknown: 'This test payment does not exist. Go back to the catalogue and start again.',
    expired: 'This test payment has expired. Go back to the product and start again.',
    paid: 'This order is already paid.',
    error: 'We could not complete the test payment. Please try again.',
    catalogue: 'See the catalogue',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Go to the home page',
    product: 'Software not found.',
    productText: 'That program is not in our catalogue.',
    catalogue: 'See the catalogue',
  },
  skip: 'Skip to content',
  noscript: 'This section needs JavaScript; turn it on or write to us at {email}.',
};
