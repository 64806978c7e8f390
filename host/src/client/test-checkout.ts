// The embedded test checkout page (no Stripe keys): shows the order the server holds for
// ?session_id=…, asks for the buyer's e-mail (the confirmation goes there), and its "Pay (test)"
// button records the test payment, then goes to the success page the server names. Nothing in the URL is trusted; every outcome is said in words.

import { priceText } from '@obra/catalogue';
import { keepSessionOnToggle, sitePath } from './success.ts';

/** What GET /api/checkout/session answers (the fields this page shows). */
interface SessionView {
  id: string;
  status: 'paid' | 'open' | 'unpaid' | 'expired';
  product: string;
  amount: number;
  currency: string;
  cancelPath: string;
}

export interface TestCheckoutOptions {
  /** The page's query string (`?session_id=…`). */
  search: string;
  /** Goes to a same-site path (the success page). */
  go: (path: string) => void;
  fetch?: typeof fetch;
  /** The API's base path on this site. */
  api?: string;
}

/** Fills the test checkout inside `root` and wires its pay button; resolves once the order is shown (or refused). */
export async function startTestCheckout(
  root: Document,
  { search, go, fetch: get = fetch, api = '/api' }: TestCheckoutOptions,
): Promise<void> {
  const $ = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-checkout-${name}]`)!;
  const lang = root.documentElement.lang || 'es';
  const text = (key: string) => root.querySelector<HTMLElement>('[data-test-checkout]')?.dataset[key] ?? '';
  const status = $('status');
  const say = (message: string, withCatalogue = false) => {
    status.textContent = message;
    $('catalogue').hidden = !withCatalogue;
  };
  const id = new URLSearchParams(search).get('session_id') ?? '';
  keepSessionOnToggle(root, search);
  // No session in the link: nothing to ask the API about.
  if (!id) return say(text('unknown'), true);
  let session: SessionView | undefined;
  try {
    const response = await get(`${api}/checkout/session?id=${encodeURIComponent(id)}`);
    if (response.status === 404) return say(text('unknown'), true);
    if (!response.ok) return say(text('error'));
    session = (await response.json()) as SessionView;
  } catch {
    return say(text('error'));
  }
  if (session.status === 'expired') return say(text('expired'), true);
  if (session.status === 'paid') return say(text('paid'), true);
  $('product').textContent = session.product;
  $('amount').textContent = priceText(session, lang);
  const cancel = sitePath(session.cancelPath);
  if (cancel) $<HTMLAnchorElement>('cancel').href = cancel;
  status.textContent = '';
  $('summary').hidden = false;
  $('actions').hidden = false;
  const pay = $<HTMLButtonElement>('pay');
  const form = $<HTMLFormElement>('actions');
  const email = form.querySelector<HTMLInputElement>('input[name=email]')!;
  const label = pay.textContent;
  const refuseEmail = () => {
    email.setAttribute('aria-invalid', 'true');
    $('error').textContent = text('emailInvalid');
    email.focus();
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      if (pay.getAttribute('aria-disabled') === 'true') return;
      $('error').textContent = '';
      email.removeAttribute('aria-invalid');
      if (!email.value.trim() || !email.checkValidity()) return refuseEmail();
      pay.setAttribute('aria-disabled', 'true');
      pay.textContent = text('paying');
      let refused = false;
      try {
        const response = await get(`${api}/checkout/test/pay`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: session.id, email: email.value.trim() }),
        });
        refused = response.status === 400;
        const next = response.ok ? sitePath(((await response.json()) as { successPath?: unknown }).successPath) : undefined;
        if (next) return go(next);
      } catch {
        // Said below, like a refusal.
      }
      pay.removeAttribute('aria-disabled');
      pay.textContent = label;
      if (refused) refuseEmail();
      else $('error').textContent = text('error');
    })();
  });
}
