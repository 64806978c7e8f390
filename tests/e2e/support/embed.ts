// The embedding examples (host/examples, dist/examples) on the static test server, and a record
// of the script files a page fetched.
import type { Page } from 'playwright-core';
import { startServer } from './server.ts';

/** The test server with the partner APIs the example widgets post to (same origin, like a proxied API). */
export const startExamplesSite = () => startServer({ capture: { '/api/wait-list': { cors: false }, '/api/partner': { cors: false } } });

/** Records the path of every JavaScript request of `page` from now on (call before `goto`). */
export function recordScripts(page: Page): { paths: string[]; count(pattern: RegExp): number } {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) paths.push(url.pathname);
  });
  return { paths, count: (pattern) => paths.filter((path) => pattern.test(path)).length };
}

/** Console errors and uncaught exceptions of `page` from now on. */
export function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}
