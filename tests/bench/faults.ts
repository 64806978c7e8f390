// `npm run bench:faults [N]` (BENCH_N, default 200): N form submissions in real Chromium, spread
// over the four forms (wait list, partner registration, design form, contact popup), through the built bundles
// to the REAL reference API (PGlite) behind fault-proxy.ts, which drops connections before and
// after the API got the request, delays requests and answers, and answers 500 or 429. Visitors
// double-click, press Enter twice, click again impatiently and reload mid-send. Each visitor waits,
// faults still on, until the widget confirms or its outbox has drained; the rows in the database
// then say what was stored, lost and duplicated. Exits 1 unless lost and duplicated are both 0.
// Bounded: a visitor still unsettled at BENCH_TIME_LIMIT_S (default 600 s) is reported as such.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { FORMS, type FormDriver } from '../e2e/support/forms.ts';
import { startPlatform } from '../e2e/support/platform.ts';
import { ROOT } from '../server/support/api.ts';
import { startFaultProxy } from './fault-proxy.ts';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 200);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 4);
const TIME_LIMIT_S = Number(process.env.BENCH_TIME_LIMIT_S ?? 600);
const SEED = Number(process.env.BENCH_SEED ?? Date.now() % 100_000);

// What the visitors load: the widget bundles and the host pages (the contact popup), built if missing.
const build = (args: string[]) => execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
if (!existsSync(`${ROOT}/dist/widgets/obra-design-form.js`)) build([`${ROOT}/node_modules/rollup/dist/bin/rollup`, '-c', 'rollup.config.ts', '--configPlugin', 'esbuild', '--silent']);
if (!existsSync(`${ROOT}/dist/host/pages/es/values.html`)) build(['--conditions=source', 'host/build.ts']);

// Deterministic randomness (mulberry32): the same BENCH_SEED gives the same dice (not the same timings).
let state = SEED;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const platform = await startPlatform();
const proxy = await startFaultProxy(platform.origin, random);
const started = Date.now();
const deadline = started + TIME_LIMIT_S * 1000;
const visitors = { doubleClick: 0, doubleEnter: 0, secondClick: 0, reload: 0, pressAgain: 0 };

/**
 * What the visitor knows at the end: confirmed by the widget; sent, the message retired by a later
 * press on the emptied form; sent while the page reloaded; or not settled.
 */
type Outcome = 'confirmed' | 'sent, message gone' | 'sent during a reload' | `unsettled: ${string}`;

const stored = (page: Page, key: string) => page.evaluate((key) => localStorage.getItem(key) !== null, key);
const pending = (page: Page, form: FormDriver) => stored(page, form.storage.outbox);
const draft = (page: Page, form: FormDriver) => stored(page, form.storage.draft);

/** Presses send as an impatient visitor might: once, twice fast, Enter twice, or again a moment later. */
async function press(page: Page, form: FormDriver) {
  const roll = random();
  if (roll < 0.25) {
    visitors.doubleClick++;
    await form.submit(page).dblclick();
  } else if (roll < 0.45) {
    visitors.doubleEnter++;
    await form.enterField(page).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
  } else {
    await form.submit(page).click();
    if (roll < 0.6) {
      visitors.secondClick++;
      await page.waitForTimeout(200 + random() * 600);
      // The button may be under the sending overlay, or gone with a success: a press, not a test step.
      await form.submit(page).click({ timeout: 500, force: true }).catch(() => undefined);
    }
  }
}

/** Reloads the page mid-send; afterwards the visitor does what the page shows. */
async function reload(page: Page, form: FormDriver, nombre: string): Promise<'waiting' | 'sent'> {
  visitors.reload++;
  await page.reload();
  await page.waitForTimeout(300);
  // The outbox holds it: the widget sends it again by itself, under its first key.
  if (await pending(page, form)) return 'waiting';
  // Neither outbox nor draft: the send succeeded before the reload (a success clears both).
  if (!(await draft(page, form))) return 'sent';
  // A draft without a pending send: the send was refused (5xx/429 after the retries) just before
  // the reload; the visitor sends the same data again.
  visitors.pressAgain++;
  await form.fill(page, nombre);
  await press(page, form);
  return 'waiting';
}

/** One visitor, one submission, in a fresh browser context; resolves once settled or at the deadline. */
async function visit(browser: Browser, form: FormDriver, nombre: string): Promise<Outcome> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await page.goto(`${proxy.origin}${form.page}`);
    await form.fill(page, nombre);
    await press(page, form);
    // A quarter of the visitors reload while the send is under way, retrying or waiting (a few twice).
    const reloads = random() < 0.25 ? (random() < 0.3 ? 2 : 1) : 0;
    for (let i = 0; i < reloads; i++) {
      await page.waitForTimeout(random() * 2500);
      if ((await reload(page, form, nombre)) === 'sent') return 'sent during a reload';
    }
    for (let failures = 0; Date.now() < deadline; await page.waitForTimeout(150)) {
      if (!(await pending(page, form))) {
        if (await form.sent(page).isVisible()) return 'confirmed';
        // An impatient second press on the emptied form retires the success message; the success
        // also removed the draft, which a refusal keeps.
        if (!(await draft(page, form))) return 'sent, message gone';
      }
      const failed = form.failed(page);
      if (await failed.isVisible()) {
        const text = (await failed.textContent()) ?? '';
        if (/imagen no generada|genera una imagen/i.test(text) || ++failures > 5) return `unsettled: refused (${text})`;
        // 5xx or 429 through all four attempts: the visitor closes the message and sends again.
        visitors.pressAgain++;
        await form.dismiss(page);
        await form.fill(page, nombre);
        await press(page, form);
      }
    }
    return `unsettled: still ${(await pending(page, form)) ? 'in the outbox' : 'not sent'} at the time limit`;
  } finally {
    await context.close();
  }
}

const browser = await launchBrowser();
const visits: { form: FormDriver; nombre: string; outcome: Outcome | `error: ${string}` }[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: VISITORS }, async () => {
    while (next < N && Date.now() < deadline) {
      const n = next++;
      const form = FORMS[n % FORMS.length]!;
      const nombre = `Bench ${n}`;
      const outcome = await visit(browser, form, nombre).catch((error: unknown) => `error: ${String(error).split('\n')[0]}` as const);
      visits.push({ form, nombre, outcome });
      if (process.env.BENCH_DEBUG) console.log(`${((Date.now() - started) / 1000).toFixed(1)} s  ${nombre} ${form.name}: ${outcome}`);
    }
  }),
);
await browser.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);

let total = { stored: 0, lost: 0, duplicated: 0 };
const lines: string[] = [];
for (const form of FORMS) {
  const mine = visits.filter((v) => v.form === form);
  const figures = { stored: 0, lost: 0, duplicated: 0 };
  for (const { nombre } of mine) {
    const n = await platform.count(form.table, nombre);
    figures.stored += Math.min(n, 1);
    figures.lost += n === 0 ? 1 : 0;
    figures.duplicated += Math.max(0, n - 1);
  }
  total = { stored: total.stored + figures.stored, lost: total.lost + figures.lost, duplicated: total.duplicated + figures.duplicated };
  lines.push(`  ${form.name.padEnd(21)} N ${String(mine.length).padStart(3)}  stored ${String(figures.stored).padStart(3)}  lost ${figures.lost}  duplicated ${figures.duplicated}`);
}
const unsettled = visits.filter((v) => !v.outcome.startsWith('confirmed') && !v.outcome.startsWith('sent'));
const tally = (outcome: Outcome) => visits.filter((v) => v.outcome === outcome).length;
const c = proxy.counts;

console.log(`bench:faults  seed ${SEED}, ${VISITORS} visitors at a time, time limit ${TIME_LIMIT_S} s, faults on throughout`);
console.log(`proxy (submission requests)  passed ${c.passed}, delayed request ${c.delayedRequest}, delayed answer ${c.delayedAnswer}, dropped before the API ${c.droppedBefore}, dropped after the API answered ${c.droppedAfter}, 500 ${c.error500}, 429 ${c.error429}; replayed by the API under a stored key ${proxy.replayed.count}`);
console.log(`visitors  double clicks ${visitors.doubleClick}, double Enter ${visitors.doubleEnter}, second clicks ${visitors.secondClick}, reloads ${visitors.reload}, sent again after a failure ${visitors.pressAgain}; confirmed ${tally('confirmed')}, sent (message retired by a later press) ${tally('sent, message gone')}, sent during a reload ${tally('sent during a reload')}, unsettled ${unsettled.length}`);
for (const line of lines) console.log(line);
for (const v of unsettled) console.log(`  ${v.nombre} (${v.form.name}): ${v.outcome}`);
console.log(`N ${visits.length}  stored ${total.stored}  lost ${total.lost}  duplicated ${total.duplicated}  in ${seconds} s`);

proxy.close();
await platform.close();
process.exit(total.lost === 0 && total.duplicated === 0 && visits.length === N ? 0 : 1);
