// The "Buy licence" button of <obra-software-detail> (issue 19): it asks {api-base}/checkout for a
// session with only the slug and language (the server sets the price), goes to the payment page it
// answers, and says in es/en why it could not.
import userEvent from '@testing-library/user-event';
import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '@obra/marketplace/software-detail/register';
import { mount } from './support/mount.ts';

const API = 'http://api.test/api';
const CHECKOUT = `${API}/checkout`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const widget = (attrs: string) => mount(`<obra-software-detail api-base="${API}" ${attrs}></obra-software-detail>`);

describe('<obra-software-detail> buy button', () => {
  it('posts {slug, lang} and where it starts (its partner code), shows it is busy, and goes to the payment page answered', async () => {
    const bodies: unknown[] = [];
    let release = () => {};
    server.use(
      http.post(CHECKOUT, async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((done) => (release = done));
        return HttpResponse.json({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }, { status: 201 });
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { screen } = await widget('slug="revit" lang="en" partner="Acme"');
    const button = screen.getByRole('button', { name: 'Buy licence' });
    await userEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Opening the payment…'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // A second click while busy sends nothing more.
    await userEvent.click(button);
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(bodies).toEqual([
      {
        slug: 'revit',
        lang: 'en',
        attribution: { widget: 'software-detail', version: 'dev', page: location.href.split('#')[0], partner: 'Acme' },
      },
    ]);
  });

  it.each([
    [
      'es',
      'a refused request',
      () => HttpResponse.json({ errorMessage: 'x' }, { status: 500 }),
      'Comprar licencia',
      'No pudimos abrir el pago. Inténtalo de nuevo más tarde.',
    ],
    [
      'es',
      'the rate limit',
      () => HttpResponse.json({ errorMessage: 'x' }, { status: 429 }),
      'Comprar licencia',
      'Demasiados intentos seguidos. Espera un minuto y vuelve a intentarlo.',
    ],
    [
      'en',
      'a network failure',
      () => HttpResponse.error(),
      'Buy licence',
      'We could not reach the payment service. Check your connection and try again.',
    ],
  ])('(%s) says so after %s, and the button works again', async (lang, _case, answer, label, message) => {
    server.use(
      http.post(CHECKOUT, async () => {
        await delay(1);
        return answer();
      }),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const { screen, shadow } = await widget(`slug="sketchup" lang="${lang}"`);
    // The live region is there, empty, before anything goes wrong (so the message is announced).
    const alert = shadow.querySelector('[role=alert]')!;
    expect(alert.textContent).toBe('');
    await userEvent.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(alert.textContent).toBe(message));
    expect(screen.getByRole('button', { name: label }).getAttribute('aria-disabled')).toBe('false');
    expect(assign).not.toHaveBeenCalled();
  });

  it('is not shown for an unknown slug', async () => {
    const { screen } = await widget('slug="photoshop"');
    expect(screen.queryByRole('button', { name: 'Comprar licencia' })).toBeNull();
  });
});
