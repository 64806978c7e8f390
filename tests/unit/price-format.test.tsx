// One price format per language (docs/operators/catalogue.md#prices): the catalogue's cards, the
// software detail, the test checkout and the success page write a price exactly as `priceText`
// does ("199 US$" / "US$199", never "$199", "199 USD" or "199,00 US$"); no other visitor-facing code
// formats a currency. The buyer's order e-mail is checked in tests/server/checkout.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import '@obra/marketplace/marketplace/register';
import '@obra/marketplace/software-detail/register';
import { priceText } from '@obra/catalogue';
import { confirmPurchase } from '../../host/src/client/success.ts';
import { startTestCheckout } from '../../host/src/client/test-checkout.ts';
import { renderRoute } from '../../host/src/render.tsx';
import { mount } from './support/mount.ts';

const LANGS = ['es', 'en'] as const;
const WRITTEN = { es: '199\u00a0US$', en: 'US$199' } as const;
const ID = 'cs_local_0123456789abcdef0123456789abcdef';
// What the pages read of GET /api/checkout/session.
const SESSION = { status: 'paid', product: 'Revit', amount: 19900, currency: 'usd' };

function mountPage(page: 'success' | 'testCheckout', lang: 'es' | 'en') {
  const html = renderRoute({ page, lang }, { css: '', script: '/a.js', loader: '/esm/loader.js' });
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  document.documentElement.lang = lang;
}
const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));

describe('priceText', () => {
  it('names the currency in each language, with cents only when there are some', () => {
    expect(LANGS.map((lang) => priceText({ amount: 19900, currency: 'usd' }, lang))).toEqual([WRITTEN.es, WRITTEN.en]);
    expect(LANGS.map((lang) => priceText({ amount: 19950, currency: 'usd' }, lang))).toEqual(['199,50\u00a0US$', 'US$199.50']);
    expect(LANGS.map((lang) => priceText({ amount: 2500, currency: 'eur' }, lang))).toEqual(['25\u00a0€', '€25']);
    // A yen has no minor units.
    expect(priceText({ amount: 1990, currency: 'jpy' }, 'en')).toBe('JP¥1,990');
  });
});

describe.each(LANGS)('every place that prints a price writes it one way (%s)', (lang) => {
  it('the catalogue cards', async () => {
    const { shadow } = await mount(`<obra-marketplace lang="${lang}"></obra-marketplace>`);
    const prices = [...shadow.querySelectorAll('.software-card .price')].map((p) => p.textContent);
    expect(prices.length).toBeGreaterThan(3);
    expect(new Set(prices)).toEqual(new Set([WRITTEN[lang]]));
  });

  it('the software detail: its badge and its pricing line', async () => {
    const { shadow } = await mount(`<obra-software-detail slug="revit" lang="${lang}"></obra-software-detail>`);
    expect(shadow.querySelector('.badge')!.textContent).toBe(WRITTEN[lang]);
    expect(shadow.querySelector('.pricing')!.textContent).toMatch(new RegExp(`: ${WRITTEN[lang].replace('$', '\\$')}$`));
  });

  it('the test checkout and the success page', async () => {
    mountPage('testCheckout', lang);
    await startTestCheckout(document, { search: `?session_id=${ID}`, go: vi.fn(), fetch: answer({ ...SESSION, status: 'open' }) });
    expect(document.querySelector('[data-checkout-amount]')!.textContent).toBe(WRITTEN[lang]);
    mountPage('success', lang);
    const { stop } = await confirmPurchase(document, { search: `?session_id=${ID}`, fetch: answer(SESSION) });
    stop();
    expect(document.querySelector('[data-purchase-amount]')!.textContent).toBe(WRITTEN[lang]);
  });
});

describe('one formatter', () => {
  it('no other code a visitor sees formats a currency itself', () => {
    const root = join(import.meta.dirname, '../..');
    const files = ['packages/catalogue/src', 'packages/marketplace/src', 'host/src', 'packages/server/src/checkout'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => join(dir, file)),
    );
    const own = files.filter((file) => /style:\s*'currency'|toFixed\(2\)|'USD'|\bUS\$/.test(readFileSync(join(root, file), 'utf8')));
    expect(own).toEqual(['packages/catalogue/src/price.ts']);
  });
});
