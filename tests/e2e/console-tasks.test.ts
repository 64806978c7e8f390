// Tasks and assignment rules in the console, in Chromium against the real API (issue 40), in es and
// en: an admin makes a rule giving new leads in turn to two operators; two leads sent through the
// public API go one to each, each gets the e-mail and sees the badge; one adds a task due today on
// the lead's page, finds it under "Today" in My tasks, and gets it in the morning e-mail when the
// API's clock reaches their hour; marked done from the list, it leaves it. Axe on both screens.
// OBRA_SCREENSHOTS=<folder> also saves the screens (phone and desktop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, PASSWORD } from '../server/support/admin.ts';
import { outboxMails } from '../server/support/api.ts';
import { bodyOf, isTo, subjectOf } from '../server/support/mail.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, signIn, startConsolePlatform } from './support/console.ts';
import { look, SIZES } from './support/screens.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce' });
/** The API's clock (the browser's is set to the same): 07:00 in Bogotá, then the morning e-mail's hour. */
let clock = Date.parse('2026-03-10T12:00:00Z');
let platform: Awaited<ReturnType<typeof startConsolePlatform>>;
const XSS = '<img src=x onerror=alert(1)>';

const db = () => platform.api.db;

beforeAll(async () => {
  platform = await startConsolePlatform({ MAIL_RETRY_MS: '200' }, { now: () => clock });
  for (const email of ['lucia@example.com', 'mateo@example.com', 'kate@example.com', 'omar@example.com', 'jane@example.com'])
    await createOperator(db(), email, email === 'jane@example.com' ? 'admin' : 'agent');
  await db().query("update admin_user set lang = 'en' where email in ('kate@example.com', 'omar@example.com', 'jane@example.com')");
});
afterAll(() => platform?.close());

/** A page signed in as `email` in a context of its own (each operator their own session), its clock the API's. */
const as = async (email: string) => {
  const page = await (
    await browser.context.browser()!.newContext({ locale: 'es-ES', viewport: SIZES.desktop, reducedMotion: 'reduce' })
  ).newPage();
  await page.clock.setFixedTime(clock);
  await signIn(page, platform.origin, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
  return page;
};

async function sendLead(name: string, lang: string) {
  const response = await fetch(`${platform.origin}/api/wait-list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify({ interesado: 'cliente', nombre: name, correo: 'c@example.com', telefono: '3211863000', comentario: 'Casa' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe.each([
  {
    lang: 'es',
    admin: ADMIN.email,
    operators: ['lucia@example.com', 'mateo@example.com'],
    words: {
      settings: 'Preferencias',
      rules: 'Reglas de asignación',
      add: 'Añadir una regla',
      name: 'Nombre',
      kind: 'Lista de espera',
      language: 'Español',
      save: 'Guardar las reglas',
      saved: 'Reglas guardadas.',
      subject: 'Obra — un nuevo cliente potencial para ti: Cliente $n (Lista de espera)',
      phone: 'Teléfono: +57 321 1863000',
      badge: '1 cliente potencial nuevo asignado a ti',
      timeline: 'Asignado por la regla «Turnos es» a',
      addTask: 'Añadir la tarea',
      taskSaved: 'Tarea añadida.',
      tasks: 'Mis tareas',
      today: 'Hoy (1)',
      type: 'Llamada',
      morning: 'Obra — tareas para hoy: 1',
      markDone: 'Marcar como hecha «Llamada» de Cliente 1',
      empty: 'No tienes tareas abiertas. Añádelas desde la página de un cliente potencial.',
    },
  },
  {
    lang: 'en',
    admin: 'jane@example.com',
    operators: ['kate@example.com', 'omar@example.com'],
    words: {
      settings: 'Settings',
      rules: 'Assignment rules',
      add: 'Add a rule',
      name: 'Name',
      kind: 'Wait list',
      language: 'English',
      save: 'Save the rules',
      saved: 'Rules saved.',
      subject: 'Obra — a new lead for you: Client $n (Wait list)',
      phone: 'Phone: +57 321 1863000',
      badge: '1 new lead assigned to you',
      timeline: 'Assigned by the rule “Turns en” to',
      addTask: 'Add the task',
      taskSaved: 'Task added.',
      tasks: 'My tasks',
      today: 'Today (1)',
      type: 'Call',
      morning: 'Obra — tasks due today: 1',
      markDone: 'Mark “Call” for Client 1 done',
      empty: "No open tasks. Add them from a lead's page.",
    },
  },
] as const)('a team day with rules and tasks ($lang)', ({ lang, admin, operators, words }) => {
  const client = (n: number) => (lang === 'es' ? `Cliente ${n}` : `Client ${n}`);
  const ruleName = lang === 'es' ? 'Turnos es' : 'Turns en';

  it(
    'gives new leads in turn to two operators, each told by e-mail and a badge; a task due today is in My tasks and the morning e-mail',
    { timeout: 60_000 },
    async () => {
      clock = Date.parse(lang === 'es' ? '2026-03-10T12:00:00Z' : '2026-03-11T12:00:00Z'); // 07:00 in Bogotá
      const page = await as(admin);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await page.getByRole('link', { name: words.settings, exact: true }).click();
      await page.getByRole('link', { name: words.rules, exact: true }).click();
      await page.getByRole('button', { name: words.add }).click();
      const rule = page.locator('.rule-list > li').last();
      await rule.getByLabel(words.name, { exact: true }).fill(ruleName);
      await rule.getByLabel(words.kind).check();
      await rule.getByLabel(words.language).check();
      for (const operator of operators) await rule.getByLabel(operator).check();
      await page.getByRole('button', { name: words.save }).click();
      await page.getByRole('status').filter({ hasText: words.saved }).waitFor();
      await look(page, `console-rules-${lang}`, { fullPage: true });
      await expectNoAxeViolations(page, `rules (${lang})`);

      // Two leads through the public API: one to each operator, in the rule's order.
      const ids = [await sendLead(client(1), lang), await sendLead(client(2), lang)];
      for (const [i, operator] of operators.entries()) {
        await expect
          .poll(() => outboxMails(platform.dataDir, 'assigned-').filter((eml) => isTo(eml, operator)), { timeout: 10_000 })
          .toHaveLength(1);
        const [eml] = outboxMails(platform.dataDir, 'assigned-').filter((mail) => isTo(mail, operator));
        expect(subjectOf(eml!)).toBe(words.subject.replace('$n', String(i + 1)));
        expect(bodyOf(eml!)).toContain(words.phone);
        expect(bodyOf(eml!)).toContain(`/admin/leads/${ids[i]}`);
      }

      // The first operator sees the badge, opens the lead (the badge goes), and adds a call due today at 15:00.
      const agent = await as(operators[0]);
      const badge = agent.locator('a.new-badge');
      await expect.poll(() => badge.getAttribute('aria-label')).toBe(words.badge);
      await agent.goto(`${platform.origin}/admin/leads/${ids[0]}`);
      await agent.locator('.timeline:not(.person-history)', { hasText: words.timeline }).waitFor();
      await expect.poll(() => badge.count()).toBe(0);
      await agent.locator('#task-due').fill(lang === 'es' ? '2026-03-10T15:00' : '2026-03-11T15:00');
      await agent.locator('#task-note').fill(XSS);
      await agent.getByRole('button', { name: words.addTask }).click();
      await agent.getByRole('status').filter({ hasText: words.taskSaved }).waitFor();
      await expect.poll(() => agent.locator('.task-list .task-note').textContent()).toBe(XSS);

      await agent.getByRole('link', { name: words.tasks, exact: true }).click();
      await agent.getByRole('heading', { name: words.today }).waitFor();
      const row = agent.locator('table.task-table tbody tr');
      await expect.poll(() => row.locator('th').textContent()).toBe(client(1));
      expect(await row.locator('td').first().textContent()).toBe(words.type);
      expect(await row.locator('td.task-note').textContent()).toBe(XSS);
      expect(await agent.locator('img[src=x]').count()).toBe(0);
      await look(agent, `console-my-tasks-${lang}`, { fullPage: true });
      await expectNoAxeViolations(agent, `my tasks (${lang})`);

      // 08:05 in Bogotá: the morning e-mail lists the call with the lead's phone.
      clock += 65 * 60_000;
      await expect
        .poll(() => outboxMails(platform.dataDir, 'follow-up-').filter((eml) => isTo(eml, operators[0])), { timeout: 10_000 })
        .toHaveLength(1);
      const [morning] = outboxMails(platform.dataDir, 'follow-up-').filter((eml) => isTo(eml, operators[0]));
      expect(subjectOf(morning!)).toBe(words.morning);
      expect(bodyOf(morning!)).toContain(`${client(1)} (${words.kind})\n  ${words.type}: ${XSS}\n  ${words.phone}\n`);

      await agent.getByRole('button', { name: words.markDone }).click();
      await agent.getByText(words.empty).waitFor();
    },
  );
});
