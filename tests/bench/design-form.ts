// `npm run bench:design-form`: input-to-next-paint latency of <obra-design-form> in real Chromium
// (the built IIFE bundle, npm run build:widgets first). Event Timing entries (PerformanceObserver
// 'event', durationThreshold 16: the smallest the API reports) are grouped by interaction for three
// kinds of input: typing in a field, opening a section and choosing a radio. Prints the worst
// duration of each (target < 50 ms); an interaction under 16 ms leaves no entry and counts as < 16.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchFullBrowser } from '../e2e/support/browser.ts';
import { answerOk, openDesignForm, startDesignSite } from '../e2e/support/design-form.ts';

const bundle = fileURLToPath(new URL('../../dist/widgets/obra-design-form.js', import.meta.url));
if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build:widgets first.`);

const TARGET_MS = 50;
const site = await startDesignSite();
answerOk(site);
const browser = await launchFullBrowser();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const { form } = await openDesignForm(page, `${site.origin}/design-form.html`);

await page.evaluate(() => {
  const entries: { name: string; duration: number; interactionId: number }[] = [];
  Object.defineProperty(window, '__obraEvents', { value: entries });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      entries.push({ name: e.name, duration: e.duration, interactionId: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
});

/** Runs `act`, waits for two frames, and returns the worst event duration it caused (0 = under 16 ms). */
async function measure(act: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as { __obraEvents: unknown[] }).__obraEvents.length);
  await act();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
  const entries = await page.evaluate(
    (from) => (window as unknown as { __obraEvents: { duration: number }[] }).__obraEvents.slice(from),
    before,
  );
  return Math.max(0, ...entries.map((e) => e.duration));
}

const results: Record<string, number[]> = { 'typing in a field': [], 'opening a section': [], 'choosing a radio': [] };
const sections = ['Ubicación', 'Dimensiones', 'Uso', 'Sistema constructivo', 'Cubierta', 'Fachada', 'Zona', 'Otros'];
for (const title of sections) results['opening a section']!.push(await measure(() => form.section(title).click()));
await form.field('ancho').click();
for (const key of '12345') results['typing in a field']!.push(await measure(() => page.keyboard.press(key)));
await form.field('location').click();
for (const key of 'Bogot') results['typing in a field']!.push(await measure(() => page.keyboard.press(key)));
for (const [name, value] of [
  ['uso', 'housing'],
  ['sistemaConstructivo', 'bambu'],
  ['sistemaConstructivo', 'modular'],
  ['diseno', 'Arco'],
  ['zona', 'zone3'],
  ['estadoProyecto', 'Nueva'],
]) {
  results['choosing a radio']!.push(await measure(() => form.radio(name!, value!).click()));
}

console.log(`\n<obra-design-form> input-to-next-paint (Event Timing, Chromium ${browser.version()}; target < ${TARGET_MS} ms)`);
let worst = 0;
for (const [kind, durations] of Object.entries(results)) {
  const max = Math.max(...durations);
  worst = Math.max(worst, max);
  console.log(`  ${kind.padEnd(20)} worst ${max ? `${max} ms` : '< 16 ms'} over ${durations.length} inputs`);
}
console.log(`  overall worst: ${worst ? `${worst} ms` : '< 16 ms'} (${worst < TARGET_MS ? 'within' : 'OVER'} the target)\n`);
await browser.close();
await site.close();
