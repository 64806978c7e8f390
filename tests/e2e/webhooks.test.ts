// The console's Webhooks screen in Chromium against the real API: an admin adds an endpoint (a
// local receiver), a visitor sends the wait list, the delivery shows in the endpoint's log and the
// receiver got it signed; resend; disable; a private address refused in the operator's language;
// the "disabled after failing" notice; axe in es and en, on a phone and a desktop.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { signIn, startConsolePlatform } from './support/console.ts';
import { FORMS } from './support/forms.ts';
import type { Platform } from './support/platform.ts';
import { startReceiver, type Receiver } from '../server/support/webhook-receiver.ts';

// Each test signs in and drives several screens: on the shared 2-core machine that can take more than a minute.
const SLOW = 120_000;
const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Platform;
let receiver: Receiver;

beforeAll(async () => {
  platform = await startConsolePlatform({
    WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8',
    WEBHOOK_RETRY_SCHEDULE: '200,400,800',
  });
  receiver = await startReceiver();
  // The CLI's process and the platform each open a new embedded database: minutes on a loaded machine.
}, 180_000);
afterAll(async () => {
  await platform?.close();
  await receiver?.close();
});

it(
  'adds an endpoint in the console and shows the delivery of a lead sent through the widget',
  async () => {
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    // The team's setup is reached from Settings (the top bar keeps the daily work).
    await page.getByRole('link', { name: 'Preferencias' }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.locator('h1', { hasText: 'Webhooks' }).waitFor();
    // A private address is refused with the reason, in Spanish.
    await page.getByLabel('URL que recibe los eventos').fill('http://192.168.1.20/hook');
    await page.getByRole('button', { name: 'Añadir el destino' }).click();
    await expect
      .poll(() => page.locator('p.error[role=alert]').textContent())
      .toBe(
        'Esta dirección es privada, local o reservada: los webhooks solo van a servidores públicos (un receptor de prueba en la misma máquina que la API necesita WEBHOOK_ALLOW_PRIVATE=1 en el servidor).',
      );

    await page.getByLabel('URL que recibe los eventos').fill(receiver.url('/console'));
    await page.getByRole('checkbox', { name: /Contacto cambiado en la consola/ }).check();
    await page.getByRole('button', { name: 'Añadir el destino' }).click();
    await page.getByRole('heading', { level: 3, name: receiver.url('/console') }).waitFor();
    const secret = await page.getByLabel('Secreto de firma').inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets.set('/console', secret);

    const form = FORMS.find((f) => f.name === 'wait-list')!;
    const visitor = await browser.newPage();
    await visitor.goto(`${platform.origin}${form.page}`);
    await form.fill(visitor, 'Visitante Webhook');
    await form.submit(visitor).click();
    await form.sent(visitor).waitFor();
    await expect.poll(() => receiver.accepted('/console').length).toBe(1);
    const request = receiver.requests.find((r) => r.path === '/console')!;
    expect(request.verified).toBe(true);
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'lead.created',
      data: { kind: 'wait-list', fields: { nombre: 'Visitante Webhook' } },
    });

    await page.getByRole('button', { name: 'Ver el registro de envíos' }).click();
    const row = page.locator('table.deliveries tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('Entregado');
    expect(await row.textContent()).toContain('lead.created');
    expect(await row.textContent()).toContain('200');
    expect(await row.textContent()).toContain(String(request.headers['webhook-id']));

    // Resend: the same webhook-id arrives again.
    await row.getByRole('button', { name: /^Reenviar/ }).click();
    await expect.poll(() => receiver.accepted('/console')).toEqual([request.headers['webhook-id'], request.headers['webhook-id']]);

    await page.getByRole('button', { name: 'Desactivar' }).click();
    await page.locator('.badge', { hasText: 'Desactivado' }).waitFor();
    expect((await platform.api.db.query<{ enabled: boolean }>('select enabled from webhook_endpoint'))[0]!.enabled).toBe(false);
  },
  SLOW,
);

it(
  'tells the admin when an endpoint was disabled after failing for days',
  async () => {
    await platform.api.db.query("update webhook_endpoint set enabled = false, disabled_reason = 'failing', disabled_at = now()");
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    await page.goto(`${platform.origin}/admin/webhooks`);
    await page.locator('.notice[role=alert]', { hasText: 'Un destino se desactivó porque sus envíos fallaban' }).waitFor();
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await page.locator('.notice[role=alert]', { hasText: 'One endpoint was disabled because its deliveries kept failing' }).waitFor();
    await expectNoAxeViolations(page, 'webhooks with the failing notice (en)');
    if (process.env.OBRA_SCREENSHOTS) await page.screenshot({ path: `${process.env.OBRA_SCREENSHOTS}/webhooks-failing-en.png` });
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.locator('.badge', { hasText: 'Active' }).waitFor();
    expect(await page.locator('.notice').count()).toBe(0);
  },
  SLOW,
);

it.each([
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const)(
  'has no axe violations on the webhooks screen with its log open, in es and en (%s)',
  async (_name, viewport) => {
    const page = await browser.newPage();
    await page.setViewportSize(viewport);
    await signIn(page, platform.origin);
    await page.goto(`${platform.origin}/admin/webhooks`);
    await page.getByRole('button', { name: 'Ver el registro de envíos' }).click();
    await page.locator('table.deliveries').waitFor();
    for (const lang of ['es', 'en'] as const) {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expectNoAxeViolations(page, `webhooks (${lang}, ${viewport.width}px)`);
      if (process.env.OBRA_SCREENSHOTS)
        await page.screenshot({ path: `${process.env.OBRA_SCREENSHOTS}/webhooks-${lang}-${viewport.width}.png`, fullPage: true });
      if (lang === 'es') await page.getByRole('button', { name: 'Switch to English' }).click();
    }
  },
  SLOW,
);

it(
  "explains a receiver's redirect in the delivery log, in the operator's language",
  async () => {
    await platform.api.db.query('delete from webhook_endpoint');
    const [endpoint] = await platform.api.db.query<{ id: string }>(
      "insert into webhook_endpoint (url, events, secret) values ('https://antiguo.example/hook', '{lead.created}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') returning id",
    );
    await platform.api.db.query(
      "insert into webhook_event (id, type, data) values ('msg_redirigido_00000000000000', 'lead.created', '{}'::jsonb) on conflict do nothing",
    );
    // As the worker records it after the last attempt (tests/server/webhooks.test.ts sends it for real).
    await platform.api.db.query(
      `insert into webhook_delivery (event_id, endpoint_id, status, attempts, last_attempt_at, last_status, answer)
       values ('msg_redirigido_00000000000000', $1, 'failed', 4, now(), 302,
         'the receiver answered 302 to https://nuevo.example/hook; webhooks do not follow redirects: use the final address')`,
      [endpoint!.id],
    );
    const page = await browser.newPage();
    await signIn(page, platform.origin);
    await page.goto(`${platform.origin}/admin/webhooks`);
    await page.getByRole('button', { name: 'Ver el registro de envíos' }).click();
    const row = page.locator('table.deliveries tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('https://nuevo.example/hook');
    expect(await row.textContent()).toContain('los webhooks no siguen redirecciones: guarde la dirección final');
    await page.getByRole('button', { name: 'Switch to English' }).click();
    await expect.poll(() => row.textContent()).toContain('webhooks do not follow redirects: save the final address');
    await expectNoAxeViolations(page, 'webhooks log with a redirect (en)');
    if (process.env.OBRA_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.OBRA_SCREENSHOTS}/webhooks-redirect-en.png`, fullPage: true });
  },
  SLOW,
);
