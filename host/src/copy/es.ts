import api from '@obra/i18n/locales/es/api.json' with { type: 'json' };
import common from '@obra/i18n/locales/es/common.json' with { type: 'json' };
import type { Copy } from './types.ts';

// The contact popup says what the widgets say about a send (JSON modules have only a default export).
const { waiting, ...reasons } = api;
// Field errors are the widgets' words too (`{{max}}` is filled in by client/contact.ts).
const errors = { required: common.required, email: common.email, tooLong: common.tooLong, characters: common.characters };

/** The site's Spanish copy. */
export const es: Copy = {
  meta: {
    home: {
      title: 'Obra — Diseño con IA para tu construcción',
      description:
        'Diseña tu edificación con IA, recibe un informe de materiales, costos y tiempos, y encuentra el software para construir.',
    },
    form: {
      title: 'Formulario de diseño con IA — Obra',
      description: 'Describe tu proyecto, genera una imagen con IA y recibe el informe en tu correo.',
    },
    waitList: { title: 'Lista de espera — Obra', description: 'Únete a la lista de espera de Obra como cliente o como proveedor.' },
    values: {
      title: 'Nuestros valores — Obra',
      description: 'Por qué elegir Obra: más de 25 años de experiencia, testimonios de clientes y nuestros proyectos.',
    },
    vision: {
      title: 'Nuestra visión — Obra',
      description: 'Hacia dónde va Obra: construcción más rápida, clara y sostenible con ayuda de la IA.',
    },
    marketplace: {
      title: 'Catálogo de software — Obra',
      description: 'Software de diseño, modelado, render y BIM para tus proyectos de construcción.',
    },
    registration: {
      title: 'Inscripción de aliados — Obra',
      description: 'Regístrate como profesional aliado de Obra y recibe proyectos de tu especialidad.',
    },
    product: {
      title: '{name} — Catálogo de software — Obra',
      description: '{name}: descripción, funciones, videos y precio en el catálogo de software de Obra.',
    },
    success: { title: 'Compra realizada — Obra', description: 'Tu pago en Obra fue procesado correctamente.' },
    testCheckout: { title: 'Pago de prueba — Obra', description: 'Pago simulado de Obra para probar la compra sin cobrar nada.' },
    notFound: {
      title: 'Página no encontrada · Page not found — Obra',
      description: 'La página que buscas no existe. The page you are looking for does not exist.',
    },
  },
  nav: {
    label: 'Principal',
    menu: 'Menú',
    form: 'Formulario',
    marketplace: 'Marketplace',
    registration: 'Inscripción',
    home: 'Obra, inicio',
    toggle: 'EN',
    toggleLabel: 'Read this page in English',
  },
  footer: {
    heading: 'Contacto',
    addressLabel: 'Dirección',
    social: 'Síguenos en Instagram',
    emailCta: '¿Tienes un proyecto? Escríbenos',
    whatsapp: 'Escríbenos por WhatsApp',
    rights: 'Todos los derechos reservados.',
    pages: 'Páginas',
    waitList: 'Lista de espera',
    values: 'Valores',
    vision: 'Visión',
  },
  home: {
    title: 'Diseña tu construcción con inteligencia artificial',
    lead: 'Describe tu proyecto y obtén una imagen de referencia y un informe de materiales, costos y tiempos en tu correo.',
    cta: 'Diseñar mi proyecto',
    servicesTitle: 'Servicios',
    services: [
      { title: 'Diseño arquitectónico con IA', text: 'De tus medidas y preferencias a una imagen realista de tu edificación en segundos.' },
      { title: 'Informes automáticos', text: 'Materiales, costos y tiempos estimados para cada etapa, listos para compartir.' },
      { title: 'Marketplace de construcción', text: 'Productos y software para construir, con pago seguro con tarjeta.' },
    ],
    formCard: {
      title: 'Formulario de diseño',
      text: 'Elige sistema constructivo, cubierta y fachada, y genera tu imagen.',
      cta: 'Ir al formulario',
    },
    marketCard: {
      title: 'Catálogo de software',
      text: 'Las herramientas de diseño, modelado, render y BIM que usan los profesionales.',
      cta: 'Ver el catálogo',
    },
    valuesTitle: 'Nuestros valores',
    values: [
      { title: 'Claridad', text: 'Números y plazos que entiendes antes de poner el primer ladrillo.' },
      { title: 'Calidad', text: 'Sistemas constructivos probados y aliados con experiencia.' },
      { title: 'Sostenibilidad', text: 'Materiales y diseños que cuidan el entorno y tu bolsillo.' },
    ],
    contact: 'Hablemos de tu proyecto por WhatsApp',
    notice: {
      title: '¿Listo para diseñar?',
      text: 'Abre el formulario aquí mismo y genera tu imagen.',
      open: 'Abrir el formulario',
      dismiss: 'Cerrar aviso',
      close: 'Cerrar formulario',
      dialogTitle: 'Formulario de diseño con IA',
    },
  },
  projects: {
    title: 'Proyectos',
    lead: 'Dibujados por el mismo ilustrador que crea la imagen de tu proyecto en el formulario.',
    items: [
      'Casa modular de dos pisos con cubierta a doble pendiente',
      'Bodega industrial de panel sándwich con cubierta a una pendiente',
      'Edificio comercial con fachada ventilada de vidrio y cubierta verde',
    ],
  },
  values: {
    title: 'Nuestros valores',
    lead: 'Construimos con claridad, calidad y compromiso desde hace más de dos décadas.',
    whyTitle: '¿Por qué elegirnos?',
    why: [
      { title: 'Experiencia real', text: 'Cientos de obras entregadas en vivienda, industria y comercio.' },
      { title: 'Tecnología útil', text: 'La IA nos ayuda a decidir antes y a equivocarnos menos.' },
      { title: 'Acompañamiento', text: 'Un equipo que responde desde la idea hasta la entrega.' },
    ],
    yearsLabel: 'años de experiencia',
    testimonialsTitle: 'Lo que dicen nuestros clientes',
    testimonials: [
      {
        quote: 'En una tarde teníamos la imagen y el presupuesto de la bodega. Nos ahorró semanas.',
        name: 'Laura Gómez',
        role: 'Gerente de logística',
      },
      {
        quote: 'El informe de materiales fue claro y acertado; la obra salió en el plazo previsto.',
        name: 'Andrés Ruiz',
        role: 'Propietario de vivienda',
      },
      {
        quote: 'Como proveedor, Obra nos conecta con proyectos que sí necesitan lo que fabricamos.',
        name: 'Camila Torres',
        role: 'Fabricante de paneles',
      },
    ],
    carousel: {
      previous: 'Testimonio anterior',
      next: 'Testimonio siguiente',
      pause: 'Pausar',
      play: 'Reanudar',
      slide: 'Testimonio {n} de {total}',
    },
    contact: {
      open: 'Escríbenos',
      title: 'Contáctanos',
      close: 'Cerrar',
      name: 'Nombre',
      email: 'Correo electrónico',
      message: 'Mensaje',
      send: 'Enviar mensaje',
      sending: 'Enviando...',
      sendingStatus: 'Enviando tu mensaje…',
      waiting,
      sent: '¡Gracias! Recibimos tu mensaje y te responderemos pronto.',
      failed: 'No pudimos enviar tu mensaje; lo que escribiste sigue aquí.',
      reasons,
      errors,
    },
  },
  vision: {
    title: 'Nuestra visión',
    description:
      'Queremos que cualquier persona pueda planear su construcción con la misma información que un profesional, antes de invertir un peso.',
    bullets: [
      'Diseños asistidos por IA al alcance de todos.',
      'Presupuestos y plazos transparentes desde el primer día.',
      'Una red de aliados y proveedores que construye de forma sostenible.',
    ],
  },
  pages: {
    form: { title: 'Diseña tu proyecto', lead: 'Completa las secciones, genera la imagen con el rayo y pide tu informe.' },
    waitList: { title: 'Lista de espera', lead: 'Déjanos tus datos y te avisamos cuando abramos en tu zona.' },
    marketplace: { title: 'Catálogo de software', lead: 'Busca por nombre o categoría.' },
    registration: { title: 'Inscríbete como aliado', lead: 'Profesionales de la construcción: únete a la red de Obra.' },
    product: { title: 'Detalle del software', lead: 'Funciones, videos y precio.' },
  },
  success: {
    title: '¡Compra realizada!',
    text: 'Tu pago ha sido procesado correctamente.',
    heading: 'Gracias por tu compra',
    lead: 'Te enviamos el comprobante a tu correo. Si tienes preguntas, escríbenos.',
    home: 'Volver al inicio',
    progress: 'Tiempo del aviso',
    checking: 'Confirmando tu pago…',
    unpaidHeading: 'Tu pago no está confirmado',
    unpaidText:
      'El proveedor de pagos todavía no registra este pago como completado. Si no terminaste el pago, no se hizo ningún cargo y puedes intentarlo de nuevo.',
    retry: 'Volver al producto',
    unknownHeading: 'No encontramos esta compra',
    unknownText: 'El enlace no corresponde a ningún pago. Si pagaste, escríbenos y lo revisamos.',
    errorHeading: 'No pudimos confirmar tu pago',
    errorText: 'El servidor no respondió. Recarga la página en unos minutos; tu pago no se pierde.',
  },
  testCheckout: {
    badge: 'MODO DE PRUEBA',
    notice:
      'Esta página simula el pago con tarjeta porque el sitio no tiene claves de Stripe. No se cobra nada y no se piden datos de tarjeta.',
    heading: 'Pago de prueba',
    loading: 'Cargando el pedido…',
    product: 'Producto',
    total: 'Total',
    pay: 'Pagar (prueba)',
    paying: 'Registrando el pago…',
    email: 'Tu correo (te enviamos ahí el comprobante)',
    emailInvalid: 'Escribe un correo válido, por ejemplo nombre@ejemplo.com.',
    cancel: 'Cancelar y volver',
    unknown: 'Este pago de prueba no existe. Vuelve al catálogo y empieza de nuevo.',
    expired: 'Este pago de prueba caducó. Vuelve al producto y empieza de nuevo.',
    paid: 'Este pedido ya está pagado.',
    error: 'No pudimos completar el pago de prueba. Inténtalo de nuevo.',
    catalogue: 'Ver el catálogo',
  },
  notFound: {
    title: 'Página no encontrada',
    text: 'La página que buscas no existe o cambió de dirección.',
    home: 'Ir al inicio',
    product: 'Software no encontrado.',
    productText: 'Ese programa no está en nuestro catálogo.',
    catalogue: 'Ver el catálogo',
  },
  skip: 'Saltar al contenido',
  noscript: 'Esta sección necesita JavaScript; actívalo o escríbenos a {email}.',
};
