// The console's routes and the inbox filter live in the URL (shareable, the back button works),
// read and written with the history API: no router library for five screens.
import { useEffect, useState } from 'react';

/** The filter fields the inbox keeps in its query string (the API reads the same names). */
export const FILTER_KEYS = ['kind', 'status', 'lang', 'from', 'to', 'q', 'after'] as const;
/** The inbox filter: each key optional. */
export type Filter = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** A screen of the console. */
export type Route =
  | { name: 'inbox'; filter: Filter }
  | { name: 'lead'; id: string }
  | { name: 'users' }
  | { name: 'webhooks' }
  | { name: 'sign-in' }
  | { name: 'set-password'; token: string }
  | { name: 'not-found' };

const LEAD = /^\/admin\/leads\/([0-9a-f-]{36})\/?$/;

/** The route of a location (pathname, search, hash). */
export function parseRoute(pathname: string, search = '', hash = ''): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') {
    const params = new URLSearchParams(search);
    const filter: Filter = {};
    for (const key of FILTER_KEYS) {
      const value = params.get(key)?.trim();
      if (value) filter[key] = value;
    }
    return { name: 'inbox', filter };
  }
  const lead = LEAD.exec(pathname);
  if (lead) return { name: 'lead', id: lead[1]! };
  if (path === '/admin/users') return { name: 'users' };
  if (path === '/admin/webhooks') return { name: 'webhooks' };
  if (path === '/admin/sign-in') return { name: 'sign-in' };
  if (path === '/admin/set-password') return { name: 'set-password', token: new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '' };
  return { name: 'not-found' };
}

/** The query string of a filter (`?kind=…`), empty values left out, in a stable order. */
export function filterQuery(filter: Filter): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filter[key]) params.set(key, filter[key]!);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The URL of a route. */
export function routeUrl(route: Route): string {
  switch (route.name) {
    case 'inbox':
      return `/admin${filterQuery(route.filter)}`;
    case 'lead':
      return `/admin/leads/${route.id}`;
    case 'users':
      return '/admin/users';
    case 'webhooks':
      return '/admin/webhooks';
    case 'sign-in':
      return '/admin/sign-in';
    default:
      return '/admin';
  }
}

const CHANGE = 'obra-console-navigate';

/** Goes to `url` (a new history entry, or `replace` the current one) and tells every {@link useRoute}. */
export function navigate(url: string, { replace = false } = {}): void {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  dispatchEvent(new Event(CHANGE));
}

/** The current route, updated on navigate() and on the back and forward buttons. */
export function useRoute(): Route {
  const read = () => parseRoute(location.pathname, location.search, location.hash);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const update = () => setRoute(read());
    addEventListener('popstate', update);
    addEventListener(CHANGE, update);
    return () => {
      removeEventListener('popstate', update);
      removeEventListener(CHANGE, update);
    };
  }, []);
  return route;
}
