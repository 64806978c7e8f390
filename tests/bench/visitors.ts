// The visitors of bench:faults and bench:cluster: N form submissions in real Chromium, spread over
// the four forms (wait list, partner registration, design form, contact popup), by visitors who
// double-click, press Enter twice, click again impatiently and reload mid-send. Each visitor waits
// until the widget confirms or its outbox has drained; the rows in the database then say what was
// stored, lost and duplicated.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { FORMS, type FormDriver } from '../e2e/support/forms.ts';

/** Deterministic randomness (mulberry32): the same seed gives the same dice (not the same timings). */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What the visitor knows at the end: confirmed by the widget; sent, the message retired by a later
 * press on the emptied form; sent while the page reloaded; or not settled.
 */
type Outcome = 'confirmed' | 'sent, message gone' | 'sent during a reload' | `unsettled: ${string}`;

/** What {@link runVisitors} needs: where the forms are, how many, and how to count rows. */
export interface VisitorOptions {
  /** The origin serving the test pages (and, through it, the API). */
  origin: string;
  /** How many submissions in all. */
  n: number;
  /** How many visitors at a time. */
  concurrency: number;
  /** A visitor still unsettled at this time (ms since the epoch) is reported as such. */
  deadline: number;
  random: () => number;
  /** How many rows `table` holds with that name (the contact table's `name`, else `nombre`). */
  count(table: string, nombre: string): Promise<number>;
}

/** What the visitors did and what the database holds for them. */
export interface VisitorResult {
  n: number;
  total: { stored: number; lost: number; duplicated: number };
  /** Per form and per unsettled visitor, ready to print. */
  lines: string[];
  unsettled: number;
  seconds: string;
}

/** Runs the visitors, then counts their rows; the caller prints the lines. */
export async function runVisitors(options: VisitorOptions): Promise<VisitorResult> {
  const { random, deadline } = options;
  const started = Date.now();
  const visitors = { doubleClick: 0, doubleEnter: 0, secondClick: 0, reload: 0, pressAgain: 0 };

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
        await form
          .submit(page)
          .click({ timeout: 500, force: true })
          .catch(() => undefined);
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
      await page.goto(`${options.origin}${form.page}`);
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
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.n && Date.now() < deadline) {
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
      const n = await options.count(form.table, nombre);
      figures.stored += Math.min(n, 1);
      figures.lost += n === 0 ? 1 : 0;
      figures.duplicated += Math.max(0, n - 1);
    }
    total = { stored: total.stored + figures.stored, lost: total.lost + figures.lost, duplicated: total.duplicated + figures.duplicated };
    lines.push(
      `  ${form.name.padEnd(21)} N ${String(mine.length).padStart(3)}  stored ${String(figures.stored).padStart(3)}  lost ${figures.lost}  duplicated ${figures.duplicated}`,
    );
  }
  const unsettled = visits.filter((v) => !v.outcome.startsWith('confirmed') && !v.outcome.startsWith('sent'));
  const tally = (outcome: Outcome) => visits.filter((v) => v.outcome === outcome).length;
  lines.unshift(
    `visitors  double clicks ${visitors.doubleClick}, double Enter ${visitors.doubleEnter}, second clicks ${visitors.secondClick}, reloads ${visitors.reload}, sent again after a failure ${visitors.pressAgain}; confirmed ${tally('confirmed')}, sent (message retired by a later press) ${tally('sent, message gone')}, sent during a reload ${tally('sent during a reload')}, unsettled ${unsettled.length}`,
  );
  for (const v of unsettled) lines.push(`  ${v.nombre} (${v.form.name}): ${v.outcome}`);
  return { n: visits.length, total, lines, unsettled: unsettled.length, seconds };
}
