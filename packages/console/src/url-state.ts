// The console's routes and the lists' filters live in the URL (shareable, the back button works),
// read and written with the history API: no router library for a dozen screens. A list's query
// string is its API call's (the contract's ADMIN_QUERIES): the same names, in the same order.
import { useEffect, useState, type MouseEvent } from 'react';
import { acceptedValues, ADMIN_QUERIES, queryString, queryValues, type AdminQueryInput } from '@obra/schema/admin-contract/queries';

/** What the inbox keeps in its query string (the API's GET leads): the filter, the sort, the page. */
export const FILTER_KEYS = ADMIN_QUERIES['GET leads'].keys;
/** The inbox filter: each key optional. */
export type Filter = AdminQueryInput<'GET leads'>;
/** What the orders list keeps in its query string (the API's GET orders). */
export const ORDER_FILTER_KEYS = ADMIN_QUERIES['GET orders'].keys;
/** The orders filter: each key optional. */
export type OrderFilter = AdminQueryInput<'GET orders'>;
/** What the deals' board keeps in its query string: the API's GET board but a column's next page (`stage`, `after`). */
export const BOARD_FILTER_KEYS = ADMIN_QUERIES['GET board'].keys.filter(
  (key): key is Exclude<typeof key, 'stage' | 'after'> => key !== 'stage' && key !== 'after',
);
/** The board's filter: each key optional. */
export type BoardFilter = Partial<Record<(typeof BOARD_FILTER_KEYS)[number], string>>;

/** A screen of the console. */
export type Route =
  /** The first page: the dashboard over the last `weeks` weeks (undefined: its default), test orders counted when `test`. */
  | { name: 'dashboard'; weeks?: number; test?: true }
  | { name: 'inbox'; filter: Filter }
  | { name: 'settings' }
  | { name: 'lead'; id: string }
  | { name: 'orders'; filter: OrderFilter }
  /** An order, with the list's filter it was opened from (its way back). */
  | { name: 'order'; id: string; filter: OrderFilter }
  | { name: 'users' }
  | { name: 'notifications' }
  | { name: 'templates' }
  | { name: 'partners'; status: string; page: number }
  | { name: 'partner'; id: string }
  | { name: 'webhooks' }
  /** The signed-in operator's own account: their password. */
  | { name: 'account' }
  | { name: 'sign-in' }
  | { name: 'set-password'; token: string }
  /** The possible duplicates, and a person with all their leads (person.tsx). */
  | { name: 'people' }
  | { name: 'person'; id: string }
  /** The deals' board, its filter in the query string (BOARD_FILTER_KEYS). */
  | { name: 'deals'; filter: BoardFilter }
  /** The operator's open tasks, and the assignment rules. */
  | { name: 'tasks' }
  | { name: 'rules' }
  | { name: 'not-found' };

const LEAD = /^\/admin\/leads\/([0-9a-f-]{36})\/?$/;
const ORDER = /^\/admin\/orders\/([0-9a-f-]{36})\/?$/;

const PARTNER = /^\/admin\/partners\/([0-9a-f-]{36})\/?$/;
const PERSON = /^\/admin\/people\/([0-9a-f-]{36})\/?$/;

/** The dashboard's query: its range and whether test orders count (docs/operators/payments.md#test-orders). */
export const dashboardQuery = (weeks?: number, test?: boolean): AdminQueryInput<'GET dashboard'> => ({
  weeks: weeks ? String(weeks) : undefined,
  test: test ? '1' : undefined,
});

/** The route of a location (pathname, search, hash). */
export function parseRoute(pathname: string, search = '', hash = ''): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin') {
    // Links to the inbox from before it moved to /admin/leads (an older digest e-mail) still open it.
    const filter = queryValues(FILTER_KEYS, search);
    if (Object.keys(filter).length) return { name: 'inbox', filter };
    // What the API would take of the range and test orders; any other value is the default's.
    const { weeks, test } = acceptedValues(ADMIN_QUERIES['GET dashboard'], search);
    return { name: 'dashboard', ...(weeks && { weeks }), ...(test && { test }) };
  }
  if (path === '/admin/leads') return { name: 'inbox', filter: queryValues(FILTER_KEYS, search) };
  if (path === '/admin/settings') return { name: 'settings' };
  if (path === '/admin/tasks') return { name: 'tasks' };
  if (path === '/admin/rules') return { name: 'rules' };
  const lead = LEAD.exec(pathname);
  if (lead) return { name: 'lead', id: lead[1]! };
  if (path === '/admin/orders') return { name: 'orders', filter: queryValues(ORDER_FILTER_KEYS, search) };
  const order = ORDER.exec(pathname);
  if (order) return { name: 'order', id: order[1]!, filter: queryValues(ORDER_FILTER_KEYS, search) };
  if (path === '/admin/users') return { name: 'users' };
  if (path === '/admin/notifications') return { name: 'notifications' };
  if (path === '/admin/templates') return { name: 'templates' };
  if (path === '/admin/partners') {
    const { status = '' } = queryValues(ADMIN_QUERIES['GET partners'].keys, search);
    return { name: 'partners', status, page: acceptedValues(ADMIN_QUERIES['GET partners'], search).page ?? 1 };
  }
  const partner = PARTNER.exec(pathname);
  if (partner) return { name: 'partner', id: partner[1]! };
  if (path === '/admin/webhooks') return { name: 'webhooks' };
  if (path === '/admin/people') return { name: 'people' };
  const person = PERSON.exec(pathname);
  if (person) return { name: 'person', id: person[1]! };
  if (path === '/admin/account') return { name: 'account' };
  if (path === '/admin/sign-in') return { name: 'sign-in' };
  if (path === '/admin/deals') return { name: 'deals', filter: queryValues(BOARD_FILTER_KEYS, search) };
  if (path === '/admin/set-password')
    return { name: 'set-password', token: new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '' };
  return { name: 'not-found' };
}

/** The query string of a filter (`?kind=…`), empty values left out, in the stable order of `keys` (the inbox's by default). */
export const filterQuery = <K extends string>(
  filter: Partial<Record<K, string>>,
  keys: readonly K[] = FILTER_KEYS as readonly string[] as readonly K[],
): string => queryString(keys, filter);

/** The URL of a route. */
export function routeUrl(route: Route): string {
  switch (route.name) {
    case 'dashboard':
      return `/admin${queryString(ADMIN_QUERIES['GET dashboard'].keys, dashboardQuery(route.weeks, route.test))}`;
    case 'inbox':
      return `/admin/leads${filterQuery(route.filter)}`;
    case 'settings':
      return '/admin/settings';
    case 'lead':
      return `/admin/leads/${route.id}`;
    case 'orders':
      return `/admin/orders${filterQuery(route.filter, ORDER_FILTER_KEYS)}`;
    case 'order':
      return `/admin/orders/${route.id}${filterQuery(route.filter, ORDER_FILTER_KEYS)}`;
    case 'users':
      return '/admin/users';
    case 'notifications':
      return '/admin/notifications';
    case 'templates':
      return '/admin/templates';
    case 'partners':
      return `/admin/partners${queryString(ADMIN_QUERIES['GET partners'].keys, {
        status: route.status,
        page: route.page > 1 ? String(route.page) : undefined,
      })}`;
    case 'partner':
      return `/admin/partners/${route.id}`;
    case 'webhooks':
      return '/admin/webhooks';
    case 'people':
      return '/admin/people';
    case 'person':
      return `/admin/people/${route.id}`;
    case 'account':
      return '/admin/account';
    case 'sign-in':
      return '/admin/sign-in';
    case 'deals':
      return `/admin/deals${filterQuery(route.filter, BOARD_FILTER_KEYS)}`;
    case 'tasks':
      return '/admin/tasks';
    case 'rules':
      return '/admin/rules';
    default:
      return '/admin';
  }
}

/** The inbox of the operator's own leads (the top bar's badge, a shortcut). */
export const MY_LEADS_URL = routeUrl({ name: 'inbox', filter: { assignee: 'me' } });
/** The operator's leads due today, the soonest first (the top bar's link, a shortcut). */
export const MY_DUE_TODAY_URL = routeUrl({ name: 'inbox', filter: { assignee: 'me', due: 'today', sort: 'follow_up' } });

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

/** A click handler that navigates inside the app (a plain link still works when opened in a new tab). */
export function link(url: string) {
  return (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(url);
  };
}
