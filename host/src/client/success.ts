// The purchase success page (docs/contributors/behaviour.md#purchase-success): the order is confirmed with the server first (the
// URL's session id proves nothing), and what was bought is what the server answers; then the bar
// advances 2% every 50 ms and the toast closes after 2.5 s. Under reduced motion the bar is shown
// full at once and does not move.
import { priceText } from '@obra/catalogue';

const PROGRESS_STEP = 2;
const PROGRESS_TICK_MS = 50;
const TOAST_MS = 2500;
/** How often, and how many times, a paid page whose order is not recorded yet asks again for its reference. */
const REFERENCE_RETRY_MS = 2000;
const REFERENCE_TRIES = 5;

/** Starts the toast inside `root`; returns a function that stops its timers. */
export function startSuccess(root: ParentNode, options: { reducedMotion?: boolean } = {}): () => void {
  const toast = root.querySelector<HTMLElement>('[data-toast]');
  const bar = root.querySelector<HTMLElement>('[data-progress]');
  if (!toast || !bar) return () => undefined;
  const fill = bar.firstElementChild as HTMLElement | null;
  let value = 0;
  const set = (next: number) => {
    value = Math.min(100, next);
    bar.setAttribute('aria-valuenow', String(value));
    // A transform, not a width: it moves no layout (no shift) and needs no repaint of the page.
    fill?.style.setProperty('transform', `scaleX(${value / 100})`);
  };
  let tick: ReturnType<typeof setInterval> | undefined;
  if (options.reducedMotion) set(100);
  else {
    tick = setInterval(() => {
      set(value + PROGRESS_STEP);
      if (value >= 100) clearInterval(tick);
    }, PROGRESS_TICK_MS);
  }
  const close = setTimeout(() => {
    // Both timers are due at 2500 ms; whichever runs first, the bar ends full.
    clearInterval(tick);
    set(100);
    toast.hidden = true;
  }, TOAST_MS);
  return () => {
    clearInterval(tick);
    clearTimeout(close);
  };
}

/** A path on this site only: the API answers it, but a stray `//host` or `https:` never leaves the site. */
export const sitePath = (path: unknown): string | undefined => (typeof path === 'string' && /^\/(?![/\\])/.test(path) ? path : undefined);

/** Keeps `?session_id=…` on the language toggles, so another language shows the same order. */
export function keepSessionOnToggle(root: ParentNode, search: string): void {
  const id = new URLSearchParams(search).get('session_id');
  if (id)
    for (const toggle of root.querySelectorAll<HTMLAnchorElement>('[data-lang-toggle]'))
      toggle.setAttribute('href', `${toggle.getAttribute('href')!.split('?')[0]}?session_id=${encodeURIComponent(id)}`);
}

/** What the success page says. */
export type PurchaseOutcome = 'paid' | 'unpaid' | 'unknown' | 'error';

/** The element `[data-purchase-NAME]` of the page. */
const partOf = (page: HTMLElement, name: string) => page.querySelector<HTMLElement>(`[data-purchase-${name}]`)!;

/** What GET /api/checkout/session answers (the fields this page reads). */
interface Purchase {
  status?: unknown;
  cancelPath?: unknown;
  product?: unknown;
  amount?: unknown;
  currency?: unknown;
  reference?: unknown;
}

/**
 * Asks the API about `?session_id=…` (GET /api/checkout/session, which asks the payment provider)
 * and says the outcome: only a paid session gets the toast and its bar. Resolves with the outcome
 * and a function that stops the page's timers (the toast's, and the asking again for a reference).
 */
export async function confirmPurchase(
  root: Document,
  {
    search,
    fetch: get = fetch,
    api = '/api',
    reducedMotion = false,
  }: { search: string; fetch?: typeof fetch; api?: string; reducedMotion?: boolean },
): Promise<{ outcome: PurchaseOutcome; stop: () => void }> {
  const page = root.querySelector<HTMLElement>('[data-purchase]');
  if (!page) return { outcome: 'unknown', stop: () => undefined };
  const id = new URLSearchParams(search).get('session_id') ?? '';
  keepSessionOnToggle(root, search);
  let outcome: PurchaseOutcome = 'unknown';
  let purchase: Purchase = {};
  if (id) {
    try {
      const response = await get(`${api}/checkout/session?id=${encodeURIComponent(id)}`);
      if (response.ok) {
        purchase = (await response.json()) as Purchase;
        outcome = purchase.status === 'paid' ? 'paid' : 'unpaid';
        // A link that is no session of this site (400 malformed, 404 unknown) is an unknown purchase.
      } else if (response.status !== 404 && response.status !== 400) outcome = 'error';
    } catch {
      outcome = 'error';
    }
  }
  const part = (name: string) => partOf(page, name);
  const key = outcome[0]!.toUpperCase() + outcome.slice(1);
  part('heading').textContent = page.dataset[`heading${key}`] ?? '';
  part('lead').textContent = page.dataset[`lead${key}`] ?? '';
  part('toast').hidden = outcome !== 'paid';
  part('retry-line').hidden = outcome !== 'unpaid';
  const retry = sitePath(purchase.cancelPath);
  if (retry) part('retry').setAttribute('href', retry);
  if (outcome !== 'paid') return { outcome, stop: () => undefined };
  showPurchase(page, purchase, root.documentElement.lang);
  const stopToast = startSuccess(root, { reducedMotion });
  // Paid at Stripe before its webhook recorded the order: ask again a few times for the reference.
  let tries = 0;
  const again: ReturnType<typeof setInterval> | undefined =
    typeof purchase.reference === 'string'
      ? undefined
      : setInterval(() => {
          if (++tries >= REFERENCE_TRIES) clearInterval(again);
          void get(`${api}/checkout/session?id=${encodeURIComponent(id)}`)
            .then((response): Promise<Purchase> | Purchase => (response.ok ? response.json() : {}))
            .then(({ reference }) => {
              if (typeof reference !== 'string') return;
              clearInterval(again);
              partOf(page, 'reference').textContent = reference;
            })
            .catch(() => undefined);
        }, REFERENCE_RETRY_MS);
  return {
    outcome,
    stop: () => {
      stopToast();
      clearInterval(again);
    },
  };
}

/**
 * What was bought, as the server answered it: the product, the amount in the page's language and
 * the order's reference (the confirmation e-mail brings it when the order is not recorded yet).
 */
function showPurchase(page: HTMLElement, { product, amount, currency, reference }: Purchase, lang: string): void {
  const part = (name: string) => partOf(page, name);
  if (typeof product !== 'string' || typeof amount !== 'number' || typeof currency !== 'string') return;
  part('product').textContent = product;
  part('amount').textContent = priceText({ amount, currency }, lang);
  part('reference').textContent = typeof reference === 'string' ? reference : (page.dataset.referenceLater ?? '');
  part('order').hidden = false;
}
