// How a request finds its route: each area of the API owns its paths (the public calls in
// routes/public.ts, the purchase in checkout/routes.ts, the console's in admin/handler.ts) and
// createApi (app.ts) hands a request to the area that owns it. The calls made from pages, public
// and checkout alike, pass the same gate: CORS, the rate limits and the site check.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import type { AllowList } from '../partners/allow-list.ts';
import { siteOf } from '../partners/site.ts';
import type { Handler, Reply, RouteContext } from '../routes/types.ts';
import { corsHeaders, preflightHeaders } from './cors.ts';
import { HttpError } from './errors.ts';
import type { Limits } from './limits.ts';
import { requestLang } from './messages.ts';
import { publicOrigin } from './origin.ts';
import { clientKey } from './rate-limit.ts';

/** An area's routes: path (one ending in `/` is every path under it) → method → its handler and the limit it counts against. */
export type Routes = Record<string, Partial<Record<'GET' | 'POST', { handler: Handler; limit: 'reads' | 'writes' | 'none' }>>>;

/** An area of the API: the paths it owns and its answer to a request for one of them. */
export interface Router {
  owns(path: string): boolean;
  answer(req: IncomingMessage, url: URL, ip: string): Promise<Reply>;
}

/** What the routes called from pages share: the handlers' parts of the API, the limits and the approved sites. */
export interface PageGate {
  shared: Omit<RouteContext, 'req' | 'url' | 'origin' | 'site' | 'lang' | 'client'>;
  config: Config;
  limits: Limits;
  allowList: AllowList;
}

/** The route of `path` in `routes`: its own entry, else the prefix entry it is under. */
const routeOf = (routes: Routes, path: string) =>
  routes[path] ?? Object.entries(routes).find(([prefix]) => prefix.endsWith('/') && path.startsWith(prefix))?.[1];

/** The router of an area called from pages (and from partners' sites): `routes` behind the gate. */
export function pageRouter(routes: Routes, { shared, config, limits, allowList }: PageGate): Router {
  return {
    owns: (path) => routeOf(routes, path) !== undefined,
    async answer(req, url, ip) {
      const route = routeOf(routes, url.pathname)!;
      const cors = corsHeaders(req);
      const methods = Object.keys(route);
      if (methods.includes('GET')) methods.push('HEAD');
      if (req.method === 'OPTIONS') return { status: 204, body: undefined, headers: { ...cors, ...preflightHeaders(methods) } };
      // HEAD is GET without the body (node:http leaves the body out of a HEAD answer).
      const entry = route[(req.method === 'HEAD' ? 'GET' : req.method) as 'GET' | 'POST'];
      if (!entry)
        throw new HttpError(
          405,
          { key: 'method', values: { methods: methods.join(', '), path: url.pathname } },
          { headers: { ...cors, Allow: methods.join(', ') } },
        );
      try {
        const origin = publicOrigin(req, config);
        const client = clientKey(ip);
        if (entry.limit !== 'none') await limits.hit(entry.limit, client);
        // Only a request with an Origin needs the approved sites (the database is not read for the others).
        const site = await siteOf(req, allowList, origin);
        // A site not approved yet is heard, within a budget per site and a share of it per client: a
        // page with many visitors cannot pour leads or images in through them, whatever the
        // addresses, and one address cannot spend the site's hour for the others (docs/partners/sites.md).
        if (entry.limit === 'writes' && site.approved === false) await limits.unapproved(site.origin ?? 'null', client);
        const reply = await entry.handler({ ...shared, req, url, origin, site, lang: requestLang(req), client });
        return { ...reply, headers: { ...cors, ...reply.headers } };
      } catch (error) {
        if (error instanceof HttpError) Object.assign(error.headers, cors);
        throw error;
      }
    },
  };
}

/**
 * The answer of the area that owns the request's path; a 404 naming the path alone otherwise (a
 * map of every route would be a free survey for whoever probes the API).
 */
export function dispatch(routers: readonly Router[]): Router['answer'] {
  return (req, url, ip) => {
    const router = routers.find((area) => area.owns(url.pathname));
    if (!router) throw new HttpError(404, { key: 'notFound', values: { path: url.pathname } }, { headers: corsHeaders(req) });
    return router.answer(req, url, ip);
  };
}
