// People in the console, in Chromium against the real API (issue 40), in es and en: a wait-list
// lead then a design report with the same address typed differently and the phone in another form
// are one person on the lead's page, both in their history; a third lead with that phone under
// another address is a possible duplicate, merged (with a hostile reason shown as text) and
// unmerged. OBRA_SCREENSHOTS=<folder> also saves the person's history (phone and desktop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator, PASSWORD } from '../server/support/admin.ts';
import { postJson, reportOn, VALID } from '../server/support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { ADMIN, signIn, startConsolePlatform } from './support/console.ts';
import { look, SIZES } from './support/screens.ts';

const browser = useBrowser({ viewport: SIZES.desktop, locale: 'es-ES', reducedMotion: 'reduce' });
let platform: Awaited<ReturnType<typeof startConsolePlatform>>;
const LUIS = 'luis@example.com';
const XSS = '<img src=x onerror=alert(1)> "><script>alert(2)</script>';

beforeAll(async () => {
  platform = await startConsolePlatform();
  await createOperator(platform.api.db, LUIS, 'agent');
  await platform.api.db.query("update admin_user set lang = 'en' where email = $1", [LUIS]);
});
afterAll(() => platform?.close());

/** Stores a lead through the public API; its id. */
const store = async (path: string, body: unknown) => {
  const response = await postJson(`${platform.origin}/api/${path}`, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

describe.each([
  {
    lang: 'es',
    email: ADMIN.email,
    person: {
      name: 'Pilar Ruiz',
      email: 'pilar@example.com',
      typed: 'Pilar@Example.COM ',
      national: '321 1863000',
      international: '+57 321 1863000',
    },
    other: { name: 'Pedro Gil', email: 'pedro@example.com', phone: '3211863000' },
    words: {
      others: 'Esta persona tiene 1 lead más:',
      waitList: 'Lista de espera',
      history: 'Todo su historial',
      duplicate: 'Posible duplicado de Pedro Gil',
      merge: 'Unir a esta persona',
      reason: 'Motivo (opcional)',
      yes: 'Sí, unir',
      merged: 'Unidas.',
      mergedEvent: 'Unido con Pedro Gil <pedro@example.com>. Motivo: ',
      undo: 'Deshacer la unión',
      unmerged: 'Unión deshecha',
      undone: 'Deshecha',
    },
  },
  {
    lang: 'en',
    email: LUIS,
    person: {
      name: 'Paul Reed',
      email: 'paul@example.com',
      typed: ' PAUL@example.com',
      national: '310 5550101',
      international: '+57 310 5550101',
    },
    other: { name: 'Peter Gale', email: 'peter@example.com', phone: '+573105550101' },
    words: {
      others: 'This person has 1 other lead:',
      waitList: 'Wait list',
      history: 'Their whole history',
      duplicate: 'Possible duplicate of Peter Gale',
      merge: 'Merge into this person',
      reason: 'Why (optional)',
      yes: 'Yes, merge',
      merged: 'Merged.',
      mergedEvent: 'Merged with Peter Gale <peter@example.com>. Why: ',
      undo: 'Undo the merge',
      unmerged: 'Merge undone',
      undone: 'Undone',
    },
  },
] as const)('a person ($lang)', ({ lang, email, person, other, words }) => {
  it('with two leads is one person on the lead page, both in the history; a duplicate is merged, then unmerged', async () => {
    await store('wait-list', { ...VALID['wait-list'], nombre: person.name, correo: person.email, telefono: person.national });
    const report = await store('form-report', {
      ...(await reportOn(platform.origin)),
      nombre: person.name,
      correo: person.typed,
      telefono: person.international,
    });
    await store('wait-list', { ...VALID['wait-list'], nombre: other.name, correo: other.email, telefono: other.phone });

    const page = await browser.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => void (alerts.push(dialog.message()), dialog.dismiss()));
    await signIn(page, platform.origin, email, email === ADMIN.email ? ADMIN.password : PASSWORD);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.goto(`${platform.origin}/admin/leads/${report}`);
    const section = page.locator('section.person');
    await section.getByText(words.others).waitFor();
    await expect.poll(() => section.locator('.person-leads a').textContent()).toContain(words.waitList);
    const history = section.locator('.person-history');
    await history.waitFor();
    // Both leads' arrival, each named: the other lead by its kind, this one as itself.
    expect(await history.locator('li').count()).toBeGreaterThanOrEqual(2);
    expect(await history.locator('li a', { hasText: words.waitList }).count()).toBe(1);
    // The third lead's phone is read in the background: a possible duplicate once it is.
    await expect
      .poll(async () => {
        await page.reload();
        await section.locator('.person-line').waitFor();
        return section.getByText(words.duplicate).count();
      })
      .toBe(1);
    if (lang === 'es') await expectNoAxeViolations(page, 'person on a lead page');
    // The list of possible duplicates names the pair.
    await page.goto(`${platform.origin}/admin/people`);
    const pair = page.locator('.suggestions li', { hasText: other.name });
    await expect.poll(() => pair.getByRole('link', { name: person.name }).count()).toBe(1);
    await look(page, `people-duplicates-${lang}`);
    await page.goBack();

    await section.getByRole('button', { name: words.merge }).click();
    await section.getByLabel(words.reason).fill(XSS);
    await section.getByRole('button', { name: words.yes }).click();
    await section.getByRole('status').filter({ hasText: words.merged }).waitFor();
    await history
      .getByText(words.mergedEvent + XSS)
      .first()
      .waitFor();
    // The lead's own timeline tells it too.
    await page
      .locator('ol[aria-labelledby="timeline-title"]')
      .getByText(words.mergedEvent + XSS)
      .waitFor();
    expect(await section.locator('.person-leads li').count()).toBe(2);
    expect(await section.locator('img[src=x], script').count()).toBe(0);
    await look(page, `people-timeline-${lang}`, { fullPage: true });

    await section.getByRole('button', { name: words.undo }).click();
    await section.getByRole('status').filter({ hasText: words.unmerged }).waitFor();
    await section.locator('.merges').getByText(words.undone, { exact: true }).waitFor();
    expect(await section.locator('.person-leads li').count()).toBe(1);
    await section.getByText(words.duplicate).waitFor();
    expect(alerts).toEqual([]);
    await page.close();
    // About 15 s alone; a loaded machine doubles it.
  }, 60_000);
});
