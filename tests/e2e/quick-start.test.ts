// The README's quick start, run as a newcomer runs it: in a fresh copy of the repository (its
// files as a clone has them, without .data/), each command of the quick start's code blocks exactly
// as written, PORT aside (a free one: tests run side by side). The copy has this checkout's builds
// (dist/, with the keys of the inputs they were built from), as after a newcomer's first `npm
// start`: `npm test`'s build steps are those of `npm start` (host/build-stale.ts), so a fresh clone's
// `npm test` has built everything from nothing the way that first start does, and here `npm start`
// finds every build up to date and serves. /admin shows the sign-in page on the first start; the
// one-time link `npm run admin -- create-user` prints is on the address served; the operator sets
// a password and signs in; a wait-list entry sent from the site, and one from the partner page of
// step 4 served from another origin by its own one-line server, reach the console; once a
// registered partner is approved with the code that page carries, and the page's origin for them,
// the page's earlier lead is theirs.
//
// The copy has its own node_modules folder whose entries link to this checkout's installed
// packages, except the workspace packages (@obra/*), which link to the copy's own: a clone runs
// `npm ci`, which takes minutes and the registry; the files it would install are the same.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@obra/server';
import { BUILDS, STAMPS } from '../../host/builds.ts';
import { ROOT } from '../server/support/api.ts';
import { freePort } from '../server/support/postgres.ts';
import { useBrowser } from './support/browser.ts';
import { quickStartBlocks } from '../support/doc-blocks.ts';
import { stopGroup } from '../support/process-group.ts';
import { fillRegistration, partnerRegistration, TYPED as REGISTRATION } from './support/partner-registration.ts';
import { fillEntry, waitList } from './support/wait-list.ts';

/** A copy of the repository's files as a clone has them (tracked and new, not ignored), with this checkout's builds. */
function freshCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'obra-clone-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  expect(listed.status).toBe(0);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    try {
      cpSync(join(ROOT, file), join(dir, file), { dereference: false });
    } catch (error) {
      // Deleted in this working tree but not yet from the index: a clone of the next commit lacks it too.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // What npm start's builds wrote, and their stamps (not the other steps' dist/ folders, which they write meanwhile).
  for (const path of [STAMPS, ...BUILDS.flatMap((build) => build.outputs)]) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@obra'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry !== '@obra') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
  }
  for (const entry of readdirSync(join(ROOT, 'node_modules/@obra'))) {
    symlinkSync(join('../../packages', entry), join(modules, '@obra', entry));
  }
  return dir;
}

/**
 * The environment of the copy's commands: this one's, without the compile cache the tests keep
 * (tests/vitest.config.ts), which a newcomer does not have and which would keep the copy's modules,
 * under a folder name no later run has, for nothing.
 */
function newcomer(env: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_COMPILE_CACHE: _kept, ...rest } = process.env;
  return { ...rest, ...env };
}

/** Runs a README command in the copy through a shell, as typed; resolves with its output. */
function shell(command: string, cwd: string, env: Record<string, string>) {
  return spawnSync('sh', ['-c', command], { cwd, env: newcomer(env), encoding: 'utf8', timeout: 120_000 });
}

/**
 * Starts a long-running README command: the child at once (so a command that never gets ready is
 * still stopped after the tests), and `ready`, which resolves with its output once `pattern` appears.
 */
function startShell(
  command: string,
  cwd: string,
  env: Record<string, string>,
  pattern: RegExp,
): { child: ChildProcess; ready: Promise<string> } {
  // Its own process group, so the shell, npm and the server it starts stop together.
  const child = spawn('sh', ['-c', command], { cwd, env: newcomer(env), detached: true });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve(output);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => reject(new Error(`\`${command}\` exited with ${code} before it was ready:\n${output}`)));
  });
  return { child, ready };
}

/** Longer than the fill time under which a send is a bot's: MIN_FILL_MS, which the copy leaves at its default. */
const FILL_MS = loadConfig({}).minFillMs + 100;

const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });
const blocks = quickStartBlocks().map((block) => ({ ...block, body: block.body.trim() }));
let copy: string;
let port: number;
let origin: string;
let site: ChildProcess | undefined;
let partnerServer: ChildProcess | undefined;
/** Step 4's page, as the browser sees it (http://localhost:PORT, another origin than Obra's port). */
let partnerOrigin: string;

beforeAll(async () => {
  copy = freshCopy();
  port = await freePort();
  origin = `http://localhost:${port}`;
}, 120_000);

afterAll(async () => {
  try {
    await Promise.all([stopGroup(partnerServer), stopGroup(site)]);
  } finally {
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
});

describe("the README's quick start on a fresh copy", () => {
  it('has the four steps: npm start, create-user, the partner page and its server', () => {
    expect(blocks.map((block) => block.lang)).toEqual(['sh', 'sh', 'html', 'sh']);
    expect(blocks[0]!.body).toBe('npm start');
    expect(blocks[1]!.body).toMatch(/^npm run admin -- create-user \S+@\S+ --role admin$/);
  });

  it('npm start finds every build up to date, and /admin shows the sign-in page on the first start', async () => {
    const started = startShell(blocks[0]!.body, copy, { PORT: String(port) }, /Obra host listening/);
    site = started.child;
    const output = await started.ready;
    // The copy's inputs are those the checkout's builds were made from: none is built again.
    expect(
      output,
      "the copy rebuilt: this checkout's dist/ was not built from its files (npm test, or vitest without OBRA_SKIP_BUILD, builds what is stale)",
    ).not.toContain('building');
    expect([...output.matchAll(/(\w+) \(inputs unchanged/g)].map((match) => match[1])).toEqual(BUILDS.map((build) => build.name));
    const page = await browser.newPage();
    await page.goto(`${origin}/admin`);
    await expect.poll(() => page.locator('#email').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('#password').isVisible()).toBe(true);
    expect(await page.locator('form button[type=submit]').textContent()).toMatch(/Sign in|Entrar/);
  }, 120_000);

  it('create-user prints a one-time link on the address served; the operator chooses a password and signs in', async () => {
    const created = shell(blocks[1]!.body, copy, {});
    expect(created.stderr).not.toMatch(/error/i);
    expect(created.status).toBe(0);
    const link = /https?:\/\/\S+/.exec(created.stdout)?.[0];
    expect(link).toMatch(new RegExp(`^${origin}/admin/set-password#token=`));
    const page = await browser.newPage();
    await page.goto(link!);
    const password = 'a long phrase for the console';
    await page.getByLabel('New password (at least 15 characters)').fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByText('Your password is saved. Sign in with it.').waitFor();
    await page.goto(`${origin}/admin`);
    await page.locator('#email').fill(/create-user (\S+)/.exec(blocks[1]!.body)![1]!);
    await page.locator('#password').fill(password);
    await page.locator('form button[type=submit]').click();
    await expect.poll(() => page.locator('#email').count(), { timeout: 15_000 }).toBe(0);
    writeFileSync(join(copy, '.session'), JSON.stringify(await page.context().cookies()));
  }, 120_000);

  it("a wait-list entry from the site, and one from the partner page on another origin, reach the console's inbox", async () => {
    // Step 4's page and server, as written, on the port the test serves (not the README's 8080 and 8000).
    const partnerPort = await freePort();
    writeFileSync(join(copy, 'partner.html'), blocks[2]!.body.replaceAll('http://localhost:8080', origin));
    // It prints nothing: the page is polled until it answers.
    partnerServer = spawn('sh', ['-c', blocks[3]!.body.replace('.listen(8000)', `.listen(${partnerPort})`)], {
      cwd: copy,
      env: newcomer({}),
      detached: true,
    });
    partnerOrigin = `http://localhost:${partnerPort}`;
    const names = { site: 'Quick Start Site', partner: 'Quick Start Partner' };
    const page = await browser.newPage();
    // The context's clock is the test's: a visitor's fill time is moved forward, not waited for.
    await page.clock.install();
    for (const [where, url] of [
      ['site', `${origin}/en/wait_list`],
      ['partner', `${partnerOrigin}/`],
    ] as const) {
      await expect.poll(async () => (await page.goto(url).catch(() => null))?.status(), { timeout: 10_000 }).toBe(200);
      const widget = waitList(page);
      await widget.title.waitFor();
      await fillEntry(widget, {
        interesado: 'cliente',
        nombre: names[where],
        correo: 'newcomer@example.com',
        telefono: '+34 600 123 456',
        comentario: 'A two-storey house.',
      });
      // A visitor takes longer than MIN_FILL_MS to fill it in.
      await page.clock.fastForward(FILL_MS);
      await widget.submit.click();
      await widget.dialog.waitFor({ timeout: 15_000 });
    }
    await page.context().addCookies(JSON.parse(readFileSync(join(copy, '.session'), 'utf8')));
    const leads = await page.request.get(`${origin}/api/admin/leads?q=Quick+Start`);
    expect(leads.status()).toBe(200);
    const { items } = (await leads.json()) as { items: { name: string; embed_approved?: boolean | null }[] };
    expect(items.map((lead) => lead.name).sort()).toEqual([names.partner, names.site]);
  }, 120_000);

  it('a partner approved with the code the page carries, then the page’s origin for them: its leads, the earlier one too, are theirs', async () => {
    expect(blocks[2]!.step).toBe(4);
    const code = /partner="([\w-]+)"/.exec(blocks[2]!.body)?.[1];
    expect(code, 'the snippet of step 4 carries a partner code').toBeTruthy();
    const page = await browser.newPage();
    await page.clock.install();
    // A partner registers on the site, as step 4 says.
    await page.goto(`${origin}/en/registration`);
    const registration = partnerRegistration(page);
    await fillRegistration(registration, {
      ...REGISTRATION,
      nombre: 'Quick Start Supplier',
      correo: 'supplier@example.com',
    });
    await page.clock.fastForward(FILL_MS);
    await registration.submit.click();
    await registration.success.waitFor({ timeout: 15_000 });
    // The operator approves them under Partners with that code…
    await page.context().addCookies(JSON.parse(readFileSync(join(copy, '.session'), 'utf8')));
    await page.goto(`${origin}/admin/partners`);
    await page.getByRole('link', { name: 'Quick Start Supplier' }).click();
    await page.locator('#partner-code').fill(code!);
    await page.getByRole('button', { name: 'Approve the partner' }).click();
    await page.getByRole('button', { name: 'Yes, go ahead' }).click();
    // Exactly that status: until the page has the approved partner again, the pending hint ("… once the partner is approved.") is still there.
    await page.getByText('The partner is approved.', { exact: true }).waitFor();
    // … then the page's origin for them under Partners → Sites not approved.
    await page.goto(`${origin}/admin/partners`);
    const row = page.locator('section.sites tr', { hasText: partnerOrigin });
    await row.getByRole('link', { name: `Approve for Quick Start Supplier (${code})` }).click();
    await expect.poll(() => page.locator('#partner-origins').inputValue()).toContain(partnerOrigin);
    await page.getByRole('button', { name: 'Save the origins' }).click();
    await page.getByText('The origins are saved.').waitFor();
    const leads = await page.request.get(`${origin}/api/admin/leads?${new URLSearchParams({ partner: code! })}`);
    expect(leads.status()).toBe(200);
    const { items } = (await leads.json()) as { items: { name: string }[] };
    expect(items.map((lead) => lead.name)).toEqual(['Quick Start Partner']);
  }, 120_000);
});
