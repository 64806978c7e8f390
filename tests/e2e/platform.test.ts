// The whole platform as `npm start` runs it (host/serve.ts: the demo page, the widget bundles and
// the API on one port, embedded PGlite): a visitor fills and sends the wait list, the partner
// registration and the design form in real Chromium, with the real generated image; then what was
// stored is read back with the export command, and the report e-mail is in the outbox.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, removeDataDir, startProcess, tempDataDir, type ApiProcess } from '../server/support/api.ts';
import { useBrowser } from './support/browser.ts';
import { designForm } from './support/design-form.ts';
import { fillRegistration, partnerRegistration, ES as PARTNER_ES } from './support/partner-registration.ts';
import { ES as WAIT_ES, fillEntry, waitList } from './support/wait-list.ts';

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' });
const dataDir = tempDataDir();
let host: ApiProcess;

const exported = (type: string) =>
  JSON.parse(
    execFileSync(process.execPath, ['--conditions=source', 'packages/server/src/export.ts', type, '--format', 'json'], {
      cwd: ROOT,
      env: { ...process.env, OBRA_DATA_DIR: dataDir },
      encoding: 'utf8',
    }),
  ) as Record<string, unknown>[];

beforeAll(async () => {
  // MIN_FILL_MS=0: a scripted visitor types faster than the spam rule's human minimum.
  host = await startProcess('host', { OBRA_DATA_DIR: dataDir, MIN_FILL_MS: '0', LOG_LEVEL: 'info' });
});
afterAll(async () => {
  await host?.stop();
  removeDataDir(dataDir);
});

describe('a visitor on the started platform', () => {
  it('sends the wait list, the partner registration and a design report; every one is stored', async () => {
    const page = await browser.newPage();
    await page.goto(`${host.base}/demo/`);

    const wait = waitList(page);
    await wait.title.waitFor();
    await fillEntry(wait);
    await wait.submit.click();
    await expect.poll(() => wait.dialogTitle.textContent(), { timeout: 10_000 }).toBe(WAIT_ES.sentTitle);
    await wait.dialogClose.click();

    const partner = partnerRegistration(page);
    await partner.title.waitFor();
    await fillRegistration(partner);
    await partner.submit.click();
    await expect.poll(() => partner.success.textContent(), { timeout: 10_000 }).toBe(PARTNER_ES.success);

    const form = designForm(page);
    await form.title.waitFor();
    await form.radio('estadoProyecto', 'Nueva').check();
    await form.section('Dimensiones').click();
    await form.field('anchoEdificacion').fill('14');
    await form.field('largoEdificacion').fill('20');
    await form.field('altoEdificacion').fill('6');
    await form.section('Cubierta').click();
    await form.radio('diseno', 'Arco').check();
    await form.radio('materialCubierta', 'Panel Sandwich').check();
    await form.section('Zona').click();
    await form.radio('zona', 'zone3').check();
    await form.bolt('Zona').click();
    await expect
      .poll(() => form.preview.getAttribute('src'), { timeout: 10_000 })
      .toMatch(new RegExp(`^${host.base}/api/images/[\\w-]{43}\\.svg$`));
    // The real SVG from the API has loaded in the preview.
    await expect.poll(() => form.preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1200);

    if ((await form.section('Ubicación').getAttribute('aria-expanded')) === 'false') await form.section('Ubicación').click();
    await form.field('location').pressSequentially('Medel');
    await form.host.locator('[role=option]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await form.opener.click();
    await form.modal.locator('[name=nombre]').fill('Ana Pérez');
    await form.modal.locator('[name=correo]').fill('ana@example.com');
    await form.modal.locator('[name=telefono]').pressSequentially('300 123 4567');
    await form.modal.locator('button[type=submit]').click();
    await expect.poll(() => form.dialog.locator('h2').textContent(), { timeout: 15_000 }).toBe('Formulario enviado con éxito');

    // The report e-mail goes out in the background: wait for the .eml before stopping.
    await expect
      .poll(
        () => {
          try {
            return readdirSync(join(dataDir, 'outbox')).length;
          } catch {
            return 0;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await host.stop()).toBe(0);

    expect(exported('wait-list')).toMatchObject([{ nombre: 'Ana Pérez', correo: 'ana@example.com' }]);
    expect(exported('partner')).toMatchObject([{ nombre: 'Ana Pérez', especializacion: 'bim' }]);
    const [report] = exported('report');
    expect(report).toMatchObject({
      nombre: 'Ana Pérez',
      correo: 'ana@example.com',
      ciudad: 'Medellín',
      diseno: 'Arco',
      zona: 'zone3',
      ancho_edificacion: '14',
      mail_attempts: 1,
      mail_error: null,
    });
    expect(String(report!.image_url)).toMatch(/\/api\/images\/[\w-]{43}\.svg$/);
    expect(report!.mailed_at).toEqual(expect.any(String));
    // Three forms, an image, a report mail, the platform's stop and three export processes: 20 s on
    // a quiet machine, 50 s while npm test runs its other steps on two cores (the server projects'
    // reason for 120 s, tests/vitest.config.ts). The limit is there to stop a hang.
  }, 120_000);
});
