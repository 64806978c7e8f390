import { PARTNER_CODE } from '@obra/schema';

/**
 * A visitor who came from a partner's catalogue lands on a product page with `?partner=CODE` (the
 * catalogue's More links add it): the software detail sends the code with a purchase, which counts
 * for that partner when the visitor came from one of its approved sites (docs/partners/sites.md).
 */
export function carryPartner(doc: Document, search: string): void {
  const code = new URLSearchParams(search).get('partner');
  const detail = doc.querySelector('obra-software-detail');
  if (detail && code && PARTNER_CODE.test(code)) detail.setAttribute('partner', code);
}
