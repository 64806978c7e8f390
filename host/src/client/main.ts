// The host site's one script: it enhances the pre-rendered pages (content works without it).
// Each part runs only where its markup is; the contact popup's code waits for the visitor's intent.
import { startCarousel } from './carousel.ts';
import { enhanceContactOnIntent } from './contact-intent.ts';
import { enhanceMenu } from './menu.ts';
import { enhanceOverlay } from './overlay.ts';
import { showPicturesNearby } from './pictures.ts';
import { preloadWhenIdle } from './preload.ts';
import { confirmPurchase } from './success.ts';

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
/** The widget loader's URL, as the page names it (the build decides it, not this script). */
const loaderUrl = document.querySelector<HTMLMetaElement>('meta[name="obra-loader"]')?.content ?? '/esm/loader.js';

enhanceMenu(document);
// Only a product page a partner's catalogue linked to (?partner=) loads this: the code checks use the shared schema.
if (/[?&]partner=/.test(location.search) && document.querySelector('obra-software-detail'))
  void import('./partner-visit.ts').then(({ carryPartner }) => carryPartner(document, location.search));
preloadWhenIdle(document);
showPicturesNearby(document);
enhanceOverlay(document, () => import(/* @vite-ignore */ loaderUrl));
const carousel = document.querySelector<HTMLElement>('[data-carousel]');
if (carousel) startCarousel(carousel, { reducedMotion });
if (document.querySelector('[data-purchase]')) void confirmPurchase(document, { search: location.search, reducedMotion });
if (document.querySelector('[data-test-checkout]'))
  void import('./test-checkout.ts').then(({ startTestCheckout }) =>
    startTestCheckout(document, { search: location.search, go: (path) => location.assign(path) }),
  );
if (document.querySelector('[data-contact]'))
  enhanceContactOnIntent(document, () => import('./contact.ts').then(({ enhanceContact }) => enhanceContact));
