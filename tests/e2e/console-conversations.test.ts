// Conversations in the console, in Chromium against the real API (issue 40), in es and en: an
// e-mail written from a template arrives in the outbox (.eml) with its variables filled in the
// lead's language; a call logged with its outcome shows on the timeline; WhatsApp's link carries
// the template's text in the lead's language and its click is recorded; axe on the compose form.
// OBRA_SCREENSHOTS=<folder> also saves the compose form and the timeline (phone and desktop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, PASSWORD } from '../server/support/admin.ts';
import { outboxMails } from '../server/support/api.ts';
import { bodyOf, isTo, subjectOf } from '../server/support/mail.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, signIn, startConsolePlatform } from './support/console.ts';
import { look, SIZES } from './support/screens.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Awaited<ReturnType<typeof startConsolePlatform>>;
const LUIS = 'luis@example.com';
const XSS = '<img src=x onerror=alert(1)>';

const db = () => platform.api.db;
const leadId = async (name: string) => (await db().query<{ id: string }>('select id from lead where name = $1', [name]))[0]!.id;

beforeAll(async () => {
  platform = await startConsolePlatform({ MAIL_RETRY_MS: '200' });
  // Luis works in English; Ana (the admin) in Spanish. Each writes to a lead of their language,
  // whose phone was typed in national form.
  await createOperator(db(), LUIS, 'agent');
  await db().query("update admin_user set lang = 'en' where email = $1", [LUIS]);
  await db().query(
    `insert into wait_list (interesado, nombre, correo, telefono, comentario, request_hash, lang) values
       ('cliente', 'Rosa Pérez', 'rosa@example.com', '321 186 3000', 'Casa de dos pisos', 'h', 'es'),
       ('cliente', 'Sam Smith', 'sam@example.com', '321 186 3001', 'A two-storey house', 'h', 'en')`,
  );
});
afterAll(() => platform?.close());

describe.each([
  {
    lang: 'es',
    email: ADMIN.email,
    lead: 'Rosa Pérez',
    address: 'rosa@example.com',
    phone: '573211863000',
    words: {
      write: 'Escribir un e-mail',
      subject: 'Tu proyecto con Obra',
      greeting: 'Hola Rosa Pérez:',
      send: 'Enviar el e-mail',
      sent: /^E-mail en cola/,
      mailEvent: 'E-mail enviado: Tu proyecto con Obra',
      call: 'Registrar una llamada',
      voicemail: 'Buzón de voz',
      log: 'Guardar en la cronología',
      callEvent: 'Llamada: Buzón de voz',
      openWhatsApp: 'Abrir WhatsApp con este texto',
      whatsappEvent: 'Mensaje de WhatsApp abierto',
      settings: 'Preferencias',
      templates: 'Plantillas',
    },
  },
  {
    lang: 'en',
    email: LUIS,
    lead: 'Sam Smith',
    address: 'sam@example.com',
    phone: '573211863001',
    words: {
      write: 'Write an e-mail',
      subject: 'Your project with Obra',
      greeting: 'Hello Sam Smith,',
      send: 'Send the e-mail',
      sent: /^E-mail queued/,
      mailEvent: 'E-mail sent: Your project with Obra',
      call: 'Log a call',
      voicemail: 'Voicemail',
      log: 'Save on the timeline',
      callEvent: 'Call: Voicemail',
      openWhatsApp: 'Open WhatsApp with this text',
      whatsappEvent: 'WhatsApp message opened',
      settings: 'Settings',
      templates: 'Templates',
    },
  },
] as const)('conversations ($lang)', ({ lang, email, lead, address, phone, words }) => {
  it("sends an e-mail from a template, its variables filled in the lead's language, to the outbox and the timeline", async () => {
    const page = await browser.newPage();
    await signIn(page, platform.origin, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.goto(`${platform.origin}/admin/leads/${await leadId(lead)}`);

    // The e-mail: a template chosen, its text filled in the lead's language, edited, previewed, sent.
    await page.getByRole('button', { name: words.write }).click();
    await page.locator('#mail-template').selectOption({ label: 'Primer contacto / First contact' });
    await expect.poll(() => page.locator('#mail-subject').inputValue()).toBe(words.subject);
    const body = await page.locator('#mail-body').inputValue();
    expect(body.startsWith(words.greeting)).toBe(true);
    expect(body).toContain(email);
    await page.locator('#mail-body').fill(`${body}\n\nP.S. ${XSS}`);
    await expect.poll(() => page.locator('.mail-preview').textContent()).toContain(`P.S. ${XSS}`);
    expect(await page.locator('.mail-preview img').count()).toBe(0);
    await expectNoAxeViolations(page, `compose (${lang})`);
    await look(page, `talk-compose-${lang}`, { fullPage: true });
    await page.getByRole('button', { name: words.send }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: words.sent }).count()).toBe(1);
    await expect
      .poll(() => outboxMails(platform.dataDir, 'lead-mail-').filter((eml) => isTo(eml, address)).length, { timeout: 10_000 })
      .toBe(1);
    const [eml] = outboxMails(platform.dataDir, 'lead-mail-').filter((one) => isTo(one, address));
    expect(subjectOf(eml!)).toBe(words.subject);
    expect(bodyOf(eml!)).toContain(words.greeting);
    expect(bodyOf(eml!)).toContain(`P.S. ${XSS}`);
    expect(eml).not.toMatch(/text\/html/);
    const mailEvent = page.locator('.timeline details.message', { hasText: words.mailEvent });
    await mailEvent.waitFor();
    await mailEvent.locator('summary').click();
    await expect.poll(() => mailEvent.locator('.message-text').textContent()).toContain(`P.S. ${XSS}`);
  });

  it("logs a call with its outcome and opens WhatsApp with the text in the lead's language, both on the timeline", async () => {
    const page = await browser.newPage();
    // wa.me is not reached from the test: its tab gets a blank page.
    await page
      .context()
      .route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wa</title>' }));
    await signIn(page, platform.origin, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
    await page.goto(`${platform.origin}/admin/leads/${await leadId(lead)}`);

    // A call with its outcome and a note.
    await page.getByRole('button', { name: words.call }).click();
    await page.getByLabel(words.voicemail).check();
    await page.locator('#activity-note').fill(XSS);
    await page.getByRole('button', { name: words.log }).click();
    const callEvent = page.locator('.timeline li', { hasText: words.callEvent });
    await callEvent.waitFor();
    expect(await callEvent.textContent()).toContain(XSS);
    expect(await page.locator('.timeline img').count()).toBe(0);

    // WhatsApp: the template's text in the lead's language on the link; the click is recorded.
    await page.getByRole('button', { name: 'WhatsApp', exact: true }).click();
    await page.locator('#wa-template').selectOption({ label: 'Primer contacto / First contact' });
    await expect.poll(() => page.locator('#wa-text').inputValue()).toMatch(new RegExp(`^${words.greeting}`));
    const link = page.getByRole('link', { name: words.openWhatsApp });
    const href = new URL((await link.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe(`https://wa.me/${phone}`);
    expect(href.searchParams.get('text')).toBe(await page.locator('#wa-text').inputValue());
    const opened = page.context().waitForEvent('page');
    await link.click();
    await (await opened).close();
    await page.locator('.timeline details.message', { hasText: words.whatsappEvent }).waitFor();
    await look(page, `talk-timeline-${lang}`, { fullPage: true });
  });

  it('lists the templates; an admin writes one (a stored payload shown as text) and deletes it, an agent only reads them', async () => {
    const page = await browser.newPage();
    await signIn(page, platform.origin, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
    // The team's setup, the templates among it, is reached from Settings.
    await page.getByRole('link', { name: words.settings, exact: true }).click();
    await page.getByRole('link', { name: words.templates, exact: true }).click();
    await page.locator('h2', { hasText: 'Primer contacto / First contact' }).waitFor();
    if (email === ADMIN.email) {
      await page.getByRole('button', { name: 'Nueva plantilla' }).click();
      await page.locator('#template-name').fill(`Prueba ${XSS}`);
      for (const one of ['es', 'en']) {
        await page.locator(`#template-subject-${one}`).fill(`Hola {{name}}`);
        await page.locator(`#template-body-${one}`).fill(`${XSS} {{name}}`);
      }
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await page.locator('h2', { hasText: `Prueba ${XSS}` }).waitFor();
      expect(await page.locator('.templates img').count()).toBe(0);
      // Deleting asks first.
      await page.getByRole('button', { name: `Borrar Prueba ${XSS}` }).click();
      await page.getByRole('button', { name: 'Sí, borrarla' }).click();
      await expect.poll(() => page.locator('h2', { hasText: 'Prueba' }).count()).toBe(0);
    } else expect(await page.getByRole('button', { name: /^(New template|Edit)/ }).count()).toBe(0);
    await look(page, `talk-templates-${lang}`);
  });
});
