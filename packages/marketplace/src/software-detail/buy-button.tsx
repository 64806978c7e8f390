import { useState } from 'react';
import { apiUrl, request, type ApiError } from '@obra/api';
import type { Attribution } from '@obra/schema';
import type { Lang } from '@obra/i18n';

/** Why a purchase could not start: each has its sentence (softwareDetail.buy.errors). */
type Failure = 'rateLimited' | 'network' | 'timeout' | 'other';

export interface BuyButtonProps {
  /** The API that creates the Checkout Session (`{apiBase}/checkout`). */
  apiBase: string;
  slug: string;
  lang: Lang;
  /** Where the purchase starts (the page, its referrer, the partner's code), read when the visitor presses buy. */
  attribution: () => Attribution;
  /** Where the visitor pays; the page leaves for it (Stripe's hosted page or the test checkout). */
  go: (url: string) => void;
  labels: { buy: string; busy: string; error: (reason: Failure) => string };
}

/**
 * "Buy licence": asks the API for a Checkout Session of this program (the server sets the price)
 * and leaves for its payment page. No card field is ever on our page.
 */
export function BuyButton({ apiBase, slug, lang, attribution, go, labels }: BuyButtonProps) {
  const [state, setState] = useState<'idle' | 'busy' | Failure>('idle');
  const busy = state === 'busy';
  const buy = async () => {
    if (busy) return;
    setState('busy');
    try {
      const { url } = await request<{ url: string }>(apiUrl(apiBase, 'checkout'), { body: { slug, lang, attribution: attribution() } });
      go(url);
    } catch (error) {
      const key = (error as ApiError).key;
      setState(key === 'api.rateLimited' ? 'rateLimited' : key === 'api.network' ? 'network' : key === 'api.timeout' ? 'timeout' : 'other');
    }
  };
  return (
    <div className="buy">
      <button type="button" className="button primary" part="buy" aria-disabled={busy} onClick={() => void buy()}>
        {busy ? labels.busy : labels.buy}
      </button>
      <p className="buy-error" role="alert">
        {state !== 'idle' && state !== 'busy' ? labels.error(state) : ''}
      </p>
    </div>
  );
}
