// The page a request came from, as far as the API can tell: the Origin header (which a browser
// sets and a page cannot change) checked against the approved sites (allow-list.ts). It decides
// what a lead counts for (routes/attribution.ts), never whether it is heard: see
// docs/partners/sites.md.
import type { IncomingMessage } from 'node:http';
import { ATTRIBUTION_LIMITS } from '@obra/schema';
import type { AllowList } from './allow-list.ts';

/** What the API knows of the page a request came from. */
export interface Site {
  /** The page's origin (a well-formed Origin header), else null. */
  readonly origin: string | null;
  /**
   * true: the API's own origin or an approved site; false: any other Origin (`null` from a
   * sandboxed frame or a file included); null: no Origin header (a server, curl).
   */
  readonly approved: boolean | null;
  /** The approved partner's code when `code` names one (any case) and this site is one of its origins. */
  partnerAt(code: string): string | undefined;
  /** The same for another origin (a page the visitor came from), read from the approved sites. */
  partnerFrom(origin: string, code: string): Promise<string | undefined>;
}

const NO_PARTNER = () => undefined;

/** The well-formed origin of the Origin header, or null (absent, `null`, too long or malformed). */
function originOf(req: IncomingMessage): string | null {
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || origin.length > ATTRIBUTION_LIMITS.url) return null;
  try {
    return new URL(origin).origin === origin ? origin : null;
  } catch {
    return null;
  }
}

/** The site of `req`; `self` is the API's own origin (scheme included). Reads the approved sites only for a foreign Origin. */
export async function siteOf(req: IncomingMessage, allowList: AllowList, self: string): Promise<Site> {
  const partnerFrom = async (from: string, code: string) => (await allowList.sites()).partnerAt(from, code);
  if (req.headers.origin === undefined) return { origin: null, approved: null, partnerAt: NO_PARTNER, partnerFrom };
  const origin = originOf(req);
  if (origin === null) return { origin, approved: false, partnerAt: NO_PARTNER, partnerFrom };
  if (origin === self) return { origin, approved: true, partnerAt: NO_PARTNER, partnerFrom };
  const sites = await allowList.sites();
  return { origin, approved: sites.approved(origin), partnerAt: (code) => sites.partnerAt(origin, code), partnerFrom };
}
