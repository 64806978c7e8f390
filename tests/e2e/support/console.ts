// The operators' console in the browser: an API with pages (platform.ts) whose data directory
// already holds an operator made by the CLI, and the steps every console test repeats.
import { spawnSync } from 'node:child_process';
import { cpSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import type { Db } from '@obra/server';
import { backfillEstimates } from '@obra/server/testing';
import { insertReport } from '../../server/support/admin.ts';
import { ROOT, removeDataDir, seededDataDir, tempDataDir } from '../../server/support/api.ts';
import { startPlatform, type Platform } from './platform.ts';

/** The first operator's password (set through the CLI's --password-stdin). */
export const ADMIN = { email: 'ana@example.com', password: 'correct horse battery' };

/** What one run of the admin CLI gave: its exit code and output. */
interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- …` (the script's command) on `dataDir`. */
function runAdminCli(dataDir: string, args: string[], input = ''): CliRun {
  const run = spawnSync(process.execPath, ['--conditions=source', 'packages/server/src/admin/cli.ts', ...args], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
    env: { ...process.env, OBRA_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * A data directory where the CLI made {@link ADMIN}: the CLI runs once per worker (a Node process
 * opening the embedded database, about 4 s) into the run's temporary folder, and each platform
 * gets a copy.
 */
let withAdmin: { dir: string; cli: CliRun } | undefined;
/** The run's temporary folder: the e2e global setup's under vitest; outside it (npm run screens:console) one of its own, removed on exit. */
function runTemp(): string {
  if (process.env.VITEST) return inject('e2eTemp');
  const temp = tempDataDir();
  process.once('exit', () => removeDataDir(temp));
  return temp;
}
async function adminDataDir(): Promise<{ dataDir: string; cli: CliRun }> {
  if (!withAdmin) {
    const dir = join(runTemp(), `console-admin-${process.pid}`);
    renameSync(await seededDataDir(), dir);
    withAdmin = { dir, cli: runAdminCli(dir, ['create-user', ADMIN.email, '--role', 'admin', '--password-stdin'], `${ADMIN.password}\n`) };
  }
  const dataDir = tempDataDir();
  cpSync(withAdmin.dir, dataDir, { recursive: true });
  return { dataDir, cli: withAdmin.cli };
}

/**
 * The platform, started on a data directory where the CLI made {@link ADMIN} first (`cli`: what the
 * CLI said); `env` adds to its configuration, `slugs` are the product pages it answers, `now` is the API's clock.
 */
export async function startConsolePlatform(
  env: Record<string, string> = {},
  { slugs = [], now }: { slugs?: readonly string[]; now?: () => number } = {},
): Promise<Platform & { cli: CliRun; dataDir: string }> {
  const { dataDir, cli } = await adminDataDir();
  const platform = await startPlatform({ ...env, OBRA_DATA_DIR: dataDir }, { slugs, now });
  return {
    ...platform,
    cli,
    dataDir,
    close: async () => {
      await platform.close();
      removeDataDir(dataDir);
    },
  };
}

/**
 * The inbox console.test.ts and console-axe.test.ts start from: 60 older wait-list leads (two pages)
 * and one design report with its PDF, stored as before migration 090 (no estimate on its lead),
 * then given one as an operator would. Resolves with the report's id.
 */
export async function seedInbox(db: Db): Promise<string> {
  await db.query(
    `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang)
     select now() - make_interval(days => 2, mins => n), 'cliente', 'Antiguo ' || n, 'antiguo' || n || '@example.com', '+57 300 000 ' || lpad(n::text, 4, '0'), 'Casa', 'h', 'es'
     from generate_series(1, 60) n`,
  );
  const reportId = await insertReport(db);
  await backfillEstimates(db);
  return reportId;
}

/** Opens the console and signs in; resolves on its first page, the dashboard. */
export async function signIn(page: Page, origin: string, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form button[type=submit]').click();
  await page.locator('h1', { hasText: /^(Resumen|Dashboard)$/ }).waitFor();
}

/** Signs in and opens the inbox (with `query`); resolves when its list or its empty state is there. */
export async function openInbox(page: Page, origin: string, query = ''): Promise<void> {
  await signIn(page, origin);
  await page.goto(`${origin}/admin/leads${query}`);
  await page
    .locator('table.leads')
    .or(page.getByText(/^(Ningún contacto coincide|No lead matches)/))
    .first()
    .waitFor();
}

/**
 * Runs axe on the console screen `page` shows in Spanish (the browser's language), then in English
 * through the toggle; then back to Spanish (a signed-in operator's language is kept with their account).
 */
export async function expectNoAxeViolationsInBothLanguages(page: Page, name: string): Promise<void> {
  for (const lang of ['es', 'en'] as const) {
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await expectNoAxeViolations(page, `${name} (${lang})`);
    if (lang === 'es') await page.getByRole('button', { name: 'Switch to English' }).click();
  }
  await page.getByRole('button', { name: 'Cambiar a español' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
}

/** Unfolds the inbox's filters (folded until one is set), as an operator clicks their line. */
export async function showFilters(page: Page): Promise<void> {
  await page.locator('details.filters-box > summary').waitFor();
  if (!(await page.locator('details.filters-box').evaluate((details: HTMLDetailsElement) => details.open)))
    await page.locator('details.filters-box > summary').click();
}
