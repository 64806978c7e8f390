// `npm run screens:console`: photographs every console screen in es and en, phone and desktop,
// into docs/screens/console/ (linked from docs/operators/console.md), against the real API and the built console
// (run `npm run build:console` first), with a few leads of each kind made the way the widgets make
// them. It is how the screens are looked at after a change; the e2e tests check their behaviour.
// The screens are taken into a folder beside it, which replaces it only once every screen is taken:
// a run that fails leaves the screens as they were.
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchFullBrowser } from '../e2e/support/browser.ts';
import { insertReport, signInAs } from '../server/support/admin.ts';
import { seedDashboard } from '../server/support/dashboard.ts';
import { ROOT, VALID, postJson } from '../server/support/api.ts';
import { ADMIN, signIn, startConsolePlatform } from '../e2e/support/console.ts';

const OUT = join(ROOT, 'docs/screens/console');
const DEVICES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const LANGS = ['es', 'en'] as const;

const platform = await startConsolePlatform();
const { origin } = platform;
const db = platform.api.db;

// Notifications for two kinds, so the leads below leave mails on the notifications screen.
await db.query(
  `insert into notification_rule (kind, recipients, mode, lang) values ('wait-list', '{ventas@example.com,ops@example.com}', 'each', 'es'), ('contact', '{soporte@example.com}', 'digest', 'en')`,
);
// Leads: one of each public form, through the API, and an older page of the wait list.
await postJson(`${origin}/api/wait-list`, VALID['wait-list']);
await postJson(`${origin}/api/partner`, VALID.partner);
await postJson(`${origin}/api/contact`, VALID.contact);
await db.query(
  `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang)
   select now() - make_interval(days => n), case when n % 2 = 0 then 'cliente' else 'proveedor' end, 'Cliente ' || n, 'cliente' || n || '@example.com',
     '+57 300 000 ' || lpad(n::text, 4, '0'), 'Casa de dos plantas en ladrillo', 'h', case when n % 3 = 0 then 'en' else 'es' end
   from generate_series(1, 30) n`,
);
const reportId = await insertReport(db, { imageUrl: `${origin}/api/images/none.svg` });
const [waitLead] = await db.query<{ id: string }>(`select id from wait_list where correo = $1`, [VALID['wait-list'].correo]);
// Two card orders (one through the local test checkout), a partner approved and one pending, a webhook endpoint.
await db.query(
  `insert into "order" (created_at, provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email) values
   (now() - interval '2 days', 'stripe', 'evt_screens_1', 'cs_test_screensPaid0001', 'sketchup', 'SketchUp', 29900, 'usd', 'en', 'paid', 'buyer@example.com'),
   (now() - interval '1 day', 'test', 'evt_screens_2', 'cs_local_screens0002', 'revit', 'Revit', 19900, 'usd', 'es', 'paid', 'compras@example.com')`,
);
const [order] = await db.query<{ id: string }>(`select id from "order" where event_id = 'evt_screens_1'`);
await postJson(`${origin}/api/partner`, { ...VALID.partner, nombre: 'Constructora Andina', correo: 'andina@example.com' });
const [partner] = await db.query<{ id: string }>(`select id from partner where correo = 'andina@example.com'`);
await db.query(
  `update partner_account set status = 'approved', code = 'andina', origins = '{https://andina.example}', approved_by = $2, approved_at = now() where id = $1`,
  [partner!.id, ADMIN.email],
);
await db.query(
  `insert into webhook_endpoint (url, events, format, secret) values ('https://crm.example/hooks/obra', '{lead.created,lead.updated}', 'standard', 'whsec_c2NyZWVuc2hvdHMtb25seS1ub3QtYS1zZWNyZXQ=')`,
);
// Ten weeks of leads worked by the team and orders, for the dashboard; and the admin's follow-ups:
// one late, two later today, one tomorrow (due today, as the queue shows it).
const session = await signInAs(origin, ADMIN.email, ADMIN.password);
await seedDashboard(db, session);
const soon = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
const followUps: [string, number, string][] = [
  ['Cliente 2', -3, 'Enviar la cotización del techo'],
  ['Cliente 4', 1, 'Llamar para confirmar medidas'],
  ['Cliente 5', 2, ''],
  ['Espera 3', 26, 'Visita a la obra'],
];
for (const [name, hours, note] of followUps) {
  const [lead] = await db.query<{ id: string }>('select id from lead where name = $1', [name]);
  await session.call(`/api/admin/leads/${lead!.id}`, { method: 'PATCH', body: { followUp: { at: soon(hours), note } } });
}
const [followed] = await db.query<{ id: string }>("select id from lead where name = 'Cliente 4'");
// Deals across the pipeline, tasks and a conversation (an e-mail and a call) on the leads.
/** A call of the seed that must succeed. */
const done = async (path: string, body: unknown) => {
  const response = await session.call(path, { method: 'POST', body });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
};
const { stages } = (await (await session.call('/api/admin/deal-stages')).json()) as { stages: { id: string }[] };
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
for (const [n, stage, amount, currency] of [
  [2, 0, 185000000, 'COP'],
  [4, 1, 92000, 'USD'],
  [6, 3, 240000000, 'COP'],
  [8, 4, 61000, 'EUR'],
] as const) {
  const [lead] = await db.query<{ id: string }>('select id from lead where name = $1', [`Cliente ${n}`]);
  await done(`/api/admin/leads/${lead!.id}/deals`, {
    title: `Casa ${n}`,
    stageId: stages[stage]!.id,
    amount,
    currency,
    closeDate: day(30 + n),
  });
  await done(`/api/admin/leads/${lead!.id}/tasks`, {
    type: n % 4 ? 'call' : 'site-visit',
    due: soon(n * 5),
    note: `Revisar la propuesta de la casa ${n}`,
  });
}
const [talked] = await db.query<{ id: string }>("select id from lead where name = 'Cliente 2'");
await done(`/api/admin/leads/${talked!.id}/email`, {
  subject: 'Su cotización',
  body: 'Hola, adjuntamos la cotización de la casa de dos plantas.',
});
await done(`/api/admin/leads/${talked!.id}/activities`, {
  type: 'call',
  outcome: 'reached',
  at: soon(-1),
  note: 'Pide una visita a la obra el jueves.',
});
/** A screen whose data loads after its heading: ready once the network is quiet. */
const loaded = (page: Page) =>
  page
    .locator('h1')
    .waitFor()
    .then(() => page.waitForLoadState('networkidle'));

/** Every screen: its name, the path to open, and what shows it is ready. */
const SCREENS: { name: string; path: string; signedIn: boolean; ready: (page: Page) => Promise<unknown>; whole?: boolean }[] = [
  { name: 'sign-in', path: '/admin/sign-in', signedIn: false, ready: (page) => page.locator('#email').waitFor() },
  {
    name: 'dashboard',
    path: '/admin',
    signedIn: true,
    // The leads' charts, then the deals' (a second .charts) once their data is in.
    ready: (page) =>
      page
        .locator('.charts')
        .first()
        .waitFor()
        .then(() => loaded(page)),
    whole: true,
  },
  { name: 'inbox', path: '/admin/leads', signedIn: true, ready: (page) => page.locator('table tbody tr').first().waitFor() },
  {
    name: 'queue-due-today',
    path: '/admin/leads?assignee=me&due=today&sort=follow_up',
    signedIn: true,
    ready: (page) => page.locator('table tbody tr').first().waitFor(),
  },
  {
    name: 'lead-follow-up',
    path: `/admin/leads/${followed!.id}`,
    signedIn: true,
    ready: (page) =>
      page
        .locator('#follow-up-at')
        .waitFor()
        .then(() => loaded(page)),
    whole: true,
  },
  { name: 'settings', path: '/admin/settings', signedIn: true, ready: (page) => page.locator('#settings-zone').waitFor(), whole: true },
  {
    name: 'inbox-filtered',
    path: '/admin/leads?kind=wait-list&lang=en',
    signedIn: true,
    ready: (page) => page.locator('table tbody tr').first().waitFor(),
  },
  { name: 'lead', path: `/admin/leads/${waitLead!.id}`, signedIn: true, ready: loaded, whole: true },
  { name: 'report', path: `/admin/leads/${reportId}`, signedIn: true, ready: loaded, whole: true },
  { name: 'users', path: '/admin/users', signedIn: true, ready: (page) => page.locator('table tbody tr').first().waitFor() },
  { name: 'orders', path: '/admin/orders', signedIn: true, ready: (page) => page.locator('table tbody tr').first().waitFor() },
  { name: 'order', path: `/admin/orders/${order!.id}`, signedIn: true, ready: (page) => page.locator('h1').waitFor(), whole: true },
  { name: 'partners', path: '/admin/partners', signedIn: true, ready: (page) => page.locator('table tbody tr').first().waitFor() },
  { name: 'partner', path: `/admin/partners/${partner!.id}`, signedIn: true, ready: (page) => page.locator('h1').waitFor(), whole: true },
  { name: 'webhooks', path: '/admin/webhooks', signedIn: true, ready: (page) => page.locator('.endpoint').first().waitFor(), whole: true },
  { name: 'deals', path: '/admin/deals', signedIn: true, ready: (page) => page.locator('.deal-card').first().waitFor() },
  { name: 'tasks', path: '/admin/tasks', signedIn: true, ready: loaded, whole: true },
  { name: 'lead-conversation', path: `/admin/leads/${talked!.id}`, signedIn: true, ready: loaded, whole: true },
  { name: 'people', path: '/admin/people', signedIn: true, ready: loaded },
  { name: 'templates', path: '/admin/templates', signedIn: true, ready: loaded, whole: true },
  { name: 'rules', path: '/admin/rules', signedIn: true, ready: loaded, whole: true },
  {
    name: 'notifications',
    path: '/admin/notifications',
    signedIn: true,
    ready: (page) => page.locator('table.recent').waitFor(),
    whole: true,
  },
];

const taking = await mkdtemp(join(ROOT, 'docs/screens/.console-'));
const browser = await launchFullBrowser('--hide-scrollbars');
try {
  for (const lang of LANGS) {
    for (const [device, viewport] of Object.entries(DEVICES)) {
      const context = await browser.newContext({
        viewport,
        locale: lang === 'es' ? 'es-ES' : 'en-US',
        reducedMotion: 'reduce',
        deviceScaleFactor: 1,
      });
      await context.addInitScript((chosen) => localStorage.setItem('obra-console-lang', chosen), lang);
      const page = await context.newPage();
      let signedIn = false;
      for (const screen of SCREENS) {
        if (screen.signedIn && !signedIn) {
          await signIn(page, origin, ADMIN.email, ADMIN.password);
          signedIn = true;
        }
        await page.goto(`${origin}${screen.path}`);
        await screen.ready(page);
        // The lists as a visitor first sees them; a lead's page whole.
        const name = `${screen.name}.${lang}.${device}.png`;
        await page.screenshot({ path: join(taking, name), fullPage: screen.whole ?? false });
        console.log(join(OUT, name).slice(ROOT.length + 1));
      }
      await context.close();
    }
  }
  await rm(OUT, { recursive: true, force: true });
  await rename(taking, OUT);
} finally {
  await browser.close();
  await platform.close();
  await rm(taking, { recursive: true, force: true });
}
