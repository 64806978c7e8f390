// The values page's contact popup (host/src/client/contact.ts): validation in es and en, the
// sending state, success and error messages, nothing typed lost on an error.
import { waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceContact } from '../../host/src/client/contact.ts';
import { renderRoute } from '../../host/src/render.tsx';
import type { Lang } from '../../host/src/routes.ts';

function mountValues(lang: Lang) {
  const html = renderRoute({ page: 'values', lang }, { css: 'body{}', script: '/a.js', loader: '/esm/loader.js' });
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  enhanceContact(document, '/api');
  document.querySelector<HTMLButtonElement>('[data-contact-open]')!.click();
}
const field = (name: string) => document.querySelector<HTMLInputElement>(`[data-contact-form] [name=${name}]`)!;
const error = (name: string) => document.querySelector(`[data-error-for=${name}]`)!.textContent;
const submit = () => document.querySelector<HTMLButtonElement>('[data-contact-submit]')!;
const status = () => document.querySelector('[data-contact-status]')!.textContent;
function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) field(name).value = value;
}

afterEach(() => vi.unstubAllGlobals());

describe('contact popup', () => {
  it('shows the validation messages in Spanish and sends nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    mountValues('es');
    fill({ name: '  ', email: 'ana@', message: 'Hola' });
    submit().click();
    expect(error('name')).toBe('Este campo es obligatorio.');
    expect(error('email')).toBe('Escribe un correo válido, por ejemplo nombre@dominio.com.');
    expect(error('message')).toBe('');
    expect(field('name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('name'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows them in English', () => {
    vi.stubGlobal('fetch', vi.fn());
    mountValues('en');
    submit().click();
    expect(error('message')).toBe('This field is required.');
  });

  it('sends {name, email, message} to /api/contact, shows "Sending..." meanwhile, then thanks and clears', async () => {
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    mountValues('en');
    fill({ name: 'Marta', email: 'marta@example.com', message: 'Do you build modular homes?' });
    submit().click();
    expect(submit().textContent).toBe('Sending...');
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    submit().click();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(init.body))).toMatchObject({ name: 'Marta', email: 'marta@example.com', message: 'Do you build modular homes?', website: '' });
    answer(new Response(JSON.stringify({ id: 'c1' }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(status()).toBe('Thank you! We received your message and will answer soon.'));
    expect(submit().textContent).toBe('Send message');
    expect(field('message').value).toBe('');
  });

  it('keeps everything typed and says so when the send fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"errorMessage":"down"}', { status: 503 })));
    mountValues('es');
    fill({ name: 'Marta', email: 'marta@example.com', message: '¿Hacen casas modulares?' });
    submit().click();
    await waitFor(() => expect(status()).toMatch(/^No pudimos enviar tu mensaje/));
    expect(field('name').value).toBe('Marta');
    expect(field('message').value).toBe('¿Hacen casas modulares?');
    expect(submit().getAttribute('aria-disabled')).toBeNull();
  });
});
