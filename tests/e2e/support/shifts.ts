// Layout shifts as the page reports them, each with what moved, for tests that expect none.
import type { Page } from 'playwright-core';

/** One layout shift: when, whether it came within 0.5 s of input (not counted by CLS), how much, and what moved from where to where. */
export interface Shift {
  at: number;
  afterInput: boolean;
  value: number;
  moved: string[];
}

/**
 * Records every layout shift the page reports from its start (installed before the page's
 * scripts), with what moved: a failure names the elements and their rectangles before and after.
 */
export const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `<${node.localName} class="${node.getAttribute('class') ?? ''}">`
        : (node?.textContent?.slice(0, 30) ?? '?');
    const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        startTime: number;
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[])
        w.__shifts.push({
          at: Math.round(entry.startTime),
          afterInput: entry.hadRecentInput,
          value: entry.value,
          moved: entry.sources.map((s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
/** The layout shifts so far (none is the goal; each names what moved). */
export const shiftsSoFar = (page: Page): Promise<Shift[]> => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
