// `npm run bench:trace -- /es/formulario /es/marketplace`: where a widget page's main-thread time
// goes, in Chromium at 4× CPU slowdown (as Lighthouse's mobile run). Loads each page once against
// the platform started here, with a Chromium trace and a CPU profile (0.1 ms samples), and prints
// the main thread's busy time and longest task, the time per kind of work (script evaluation and
// compilation, style, layout, paint), the script time per file, and the built-ins that stand out
// (Intl, JSON.parse, stylesheet parsing). A measurement to read, not a check: run it on an idle
// machine (it prints the load average first). Needs the built host and widgets (npm start builds them).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { launchFullBrowser } from '../e2e/support/browser.ts';
import { ROOT, removeDataDir, startProcess, tempDataDir } from '../server/support/api.ts';

const paths = process.argv.slice(2);
if (!paths.length) throw new Error('Usage: npm run bench:trace -- /es/formulario [/es/marketplace …]');
if (!existsSync(`${ROOT}/dist/host/pages`) || !existsSync(`${ROOT}/dist/esm/loader.js`))
  throw new Error('Build first: npm run build:widgets && npm run build:host');

const SLOWDOWN = 4;
/** Trace events of the kinds of work worth telling apart (they can nest: a row is not a share of a total). */
const KINDS: Record<string, string> = {
  'v8.compile': 'compile script',
  'v8.compileModule': 'compile module',
  EvaluateScript: 'evaluate script',
  'v8.evaluateModule': 'evaluate module',
  FunctionCall: 'function call (events, timers)',
  RunMicrotasks: 'microtasks (promises, module bodies)',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse stylesheet',
  UpdateLayoutTree: 'style recalculation',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);

console.log(
  `machine load: ${loadavg()[0]!.toFixed(2)} (1-minute average)${loadavg()[0]! >= 2 ? ' — busy: the times are inflated' : ''}; CPU slowdown ${SLOWDOWN}×`,
);
const dataDir = tempDataDir();
const host = await startProcess('host', { OBRA_DATA_DIR: dataDir, LOG_LEVEL: 'info' });
const browser = await launchFullBrowser();
try {
  for (const path of paths) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'v8.execute', 'v8', 'blink.user_timing'] });
    await cdp.send('Profiler.start');
    await page.goto(host.base + path, { waitUntil: 'load' });
    // Until the network has settled (the widget's modules are in); no polling in the page, which
    // would be measured too. Then one look that the widget did render.
    await page.waitForLoadState('networkidle');
    const rendered = await page.evaluate(() =>
      [...document.querySelectorAll('*')].some((el) => el.localName.startsWith('obra-') && (el.shadowRoot?.childElementCount ?? 0) > 0),
    );
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    await context.close();

    // The renderer's main thread: the thread named CrRendererMain of the process that ran the page.
    const mains = traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
    const onMain = (e: TraceEvent) => mains.includes(`${e.pid}:${e.tid}`) && e.ph === 'X' && typeof e.dur === 'number';
    const tasks = traceEvents
      .filter((e) => onMain(e) && /^(RunTask|ThreadControllerImpl::RunTask)$/.test(e.name))
      .map((e) => e.dur! / 1000);
    const busy = tasks.reduce((sum, d) => sum + d, 0);
    const blocking = tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
    if (!rendered) console.log(`\n${path}: ✘ no widget had rendered when the network settled; the figures below stop short`);
    console.log(
      `\n${path}: main thread busy ${ms(busy).trim()} in ${tasks.length} tasks; longest ${ms(Math.max(0, ...tasks)).trim()}; over 50 ms: ${ms(blocking).trim()} (TBT-like, whole load)`,
    );
    const kinds = new Map<string, number>();
    for (const e of traceEvents)
      if (onMain(e) && KINDS[e.name]) kinds.set(KINDS[e.name]!, (kinds.get(KINDS[e.name]!) ?? 0) + e.dur! / 1000);
    for (const [kind, total] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${kind.padEnd(38)}${ms(total)}`);

    // Self time of the CPU profile by script file, and the built-ins that say what the time was for.
    const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const files = new Map<string, number>();
    const builtins = new Map<string, number>();
    profile.samples.forEach((id, n) => {
      const frame = byId.get(id)!;
      const time = (profile.timeDeltas[n] ?? 0) / 1000;
      const file = frame.url ? new URL(frame.url).pathname.replace(/-[\w]{8}\.js$/, '.js') : `(${frame.functionName || 'native'})`;
      files.set(file, (files.get(file) ?? 0) + time);
      if (
        !frame.url &&
        /Intl|DateTimeFormat|NumberFormat|DisplayNames|PluralRules|Collator|parse|replaceSync|adoptedStyleSheets|normalize/.test(
          frame.functionName,
        )
      )
        builtins.set(frame.functionName, (builtins.get(frame.functionName) ?? 0) + time);
    });
    const special = (name: string) => ms(files.get(`((${name}))`) ?? 0).trim();
    console.log(
      `  CPU profile, self time by file (besides ${special('program')} in the browser's own code, ${special('garbage collector')} collecting garbage):`,
    );
    for (const [file, total] of [...files]
      .filter(([file]) => !['((idle))', '((program))', '((garbage collector))'].includes(file))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10))
      console.log(`    ${file.padEnd(36)}${ms(total)}`);
    if (builtins.size)
      console.log(
        `  built-ins: ${[...builtins]
          .sort((a, b) => b[1] - a[1])
          .map(([name, total]) => `${name} ${total.toFixed(1)} ms`)
          .join(', ')}`,
      );
  }
} finally {
  await browser.close();
  await host.stop();
  removeDataDir(dataDir);
}
