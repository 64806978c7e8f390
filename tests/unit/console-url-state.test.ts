// @vitest-environment node
// The console's routes and filter in the URL (packages/console/src/url-state.ts).
import { describe, expect, it } from 'vitest';
import { filterQuery, ORDER_FILTER_KEYS, parseRoute, routeUrl } from '@obra/console';

describe('parseRoute', () => {
  it('reads the inbox filter, sort and page from the query string, ignoring empty and unknown keys', () => {
    expect(parseRoute('/admin/leads', '?kind=report&q=%20ana%20&status=&utm=x&after=abc&assignee=me&sort=status')).toEqual({
      name: 'inbox',
      filter: { kind: 'report', q: 'ana', after: 'abc', assignee: 'me', sort: 'status' },
    });
    expect(parseRoute('/admin/leads/', '')).toEqual({ name: 'inbox', filter: {} });
  });

  it('opens the dashboard first, with its range; an older link to the inbox with a filter still opens the inbox', () => {
    expect(parseRoute('/admin', '')).toEqual({ name: 'dashboard' });
    expect(parseRoute('/admin/', '?weeks=26')).toEqual({ name: 'dashboard', weeks: 26 });
    expect(parseRoute('/admin', '?weeks=5')).toEqual({ name: 'dashboard' });
    expect(parseRoute('/admin', '?partner=Andina')).toEqual({ name: 'inbox', filter: { partner: 'Andina' } });
    expect(routeUrl({ name: 'dashboard', weeks: 4 })).toBe('/admin?weeks=4');
    expect(routeUrl({ name: 'dashboard' })).toBe('/admin');
    // Test orders count only when asked (docs/operators/payments.md#test-orders).
    expect(parseRoute('/admin', '?weeks=12&test=1')).toEqual({ name: 'dashboard', weeks: 12, test: true });
    expect(parseRoute('/admin', '?test=yes')).toEqual({ name: 'dashboard' });
    expect(routeUrl({ name: 'dashboard', weeks: 12, test: true })).toBe('/admin?weeks=12&test=1');
    expect(routeUrl({ name: 'dashboard', test: true })).toBe('/admin?test=1');
    expect(parseRoute('/admin/settings')).toEqual({ name: 'settings' });
  });

  it('knows every screen', () => {
    expect(parseRoute('/admin/leads/0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11')).toEqual({
      name: 'lead',
      id: '0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11',
    });
    expect(parseRoute('/admin/users')).toEqual({ name: 'users' });
    expect(parseRoute('/admin/webhooks')).toEqual({ name: 'webhooks' });
    expect(parseRoute('/admin/sign-in')).toEqual({ name: 'sign-in' });
    expect(parseRoute('/admin/set-password', '', '#token=abc-123')).toEqual({ name: 'set-password', token: 'abc-123' });
    expect(parseRoute('/admin/orders')).toEqual({ name: 'orders', filter: {} });
    expect(parseRoute('/admin/orders/0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11')).toEqual({
      name: 'order',
      id: '0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11',
      filter: {},
    });
    expect(parseRoute('/admin/leads/not-an-id')).toEqual({ name: 'not-found' });
    expect(parseRoute('/admin/orders/not-an-id')).toEqual({ name: 'not-found' });
    expect(parseRoute('/admin/anything')).toEqual({ name: 'not-found' });
    expect(parseRoute('/admin/people')).toEqual({ name: 'people' });
    expect(parseRoute('/admin/people/0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11')).toEqual({
      name: 'person',
      id: '0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11',
    });
    expect(parseRoute('/admin/people/not-an-id')).toEqual({ name: 'not-found' });
  });
});

describe('filterQuery and routeUrl', () => {
  it('write the filter in a stable order, leaving empty values out, and round-trip', () => {
    const filter = { q: 'gómez & co', status: 'new', kind: 'partner', lang: undefined };
    const query = filterQuery(filter);
    expect(query).toBe('?kind=partner&status=new&q=g%C3%B3mez+%26+co');
    expect(parseRoute('/admin/leads', query)).toEqual({ name: 'inbox', filter: { kind: 'partner', status: 'new', q: 'gómez & co' } });
    expect(filterQuery({ due: 'today', sort: 'follow_up', assignee: 'me', kind: 'report' })).toBe(
      '?kind=report&assignee=me&due=today&sort=follow_up',
    );
    expect(filterQuery({})).toBe('');
  });

  it('give each route its URL', () => {
    expect(routeUrl({ name: 'inbox', filter: { lang: 'en' } })).toBe('/admin/leads?lang=en');
    expect(routeUrl({ name: 'lead', id: 'x' })).toBe('/admin/leads/x');
    expect(routeUrl({ name: 'users' })).toBe('/admin/users');
    expect(routeUrl({ name: 'people' })).toBe('/admin/people');
    expect(routeUrl({ name: 'person', id: 'x' })).toBe('/admin/people/x');
    expect(routeUrl({ name: 'orders', filter: { q: 'ana@', status: 'paid' } })).toBe('/admin/orders?status=paid&q=ana%40');
    expect(routeUrl({ name: 'order', id: 'x', filter: { product: 'revit', after: 'c' } })).toBe('/admin/orders/x?product=revit&after=c');
  });

  it('keep the orders filter on the list and on an order opened from it (its way back), ignoring the inbox keys', () => {
    expect(parseRoute('/admin/orders', '?provider=test&product=revit&kind=report&q=%20cs_local%20&after=abc')).toEqual({
      name: 'orders',
      filter: { provider: 'test', product: 'revit', q: 'cs_local', after: 'abc' },
    });
    expect(parseRoute('/admin/orders/0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11/', '?status=unpaid&from=2026-01-01')).toEqual({
      name: 'order',
      id: '0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11',
      filter: { status: 'unpaid', from: '2026-01-01' },
    });
    expect(filterQuery({ to: '2026-02-01', provider: 'stripe', kind: 'x' } as Record<string, string>, ORDER_FILTER_KEYS)).toBe(
      '?provider=stripe&to=2026-02-01',
    );
    expect(routeUrl({ name: 'webhooks' })).toBe('/admin/webhooks');
  });
});
