// What can be bought and for how much: the catalogue file the widgets show (its `price` in minor
// units), read on the server so a price never comes from the client.
import { softwareCatalogue } from '@obra/catalogue';
import { LANGS, sitePath, type Lang } from '@obra/schema';

/** One program as sold: the price in minor units (19900 = 199.00) of an ISO currency, lowercase. */
export interface Product {
  slug: string;
  name: string;
  amount: number;
  currency: string;
}

const PRODUCTS = new Map<string, Product>(
  softwareCatalogue.map((item) => [
    item.slug,
    { slug: item.slug, name: item.name, amount: item.price.amount, currency: item.price.currency },
  ]),
);

/** The product with this slug; undefined for anything else (never matched loosely). */
export const productFor = (slug: unknown): Product | undefined => (typeof slug === 'string' ? PRODUCTS.get(slug) : undefined);

/** Every product, in catalogue order (the console's product filter). */
export const allProducts = (): Product[] => [...PRODUCTS.values()];

/** The languages a checkout speaks. */
export const CHECKOUT_LANGS = LANGS;
export type CheckoutLang = Lang;

/** The site paths a checkout returns to. */
export const checkoutPaths = {
  product: (lang: CheckoutLang, slug: string) => sitePath('product', lang, encodeURIComponent(slug)),
  success: (lang: CheckoutLang) => sitePath('success', lang),
  testCheckout: (lang: CheckoutLang) => sitePath('testCheckout', lang),
};
