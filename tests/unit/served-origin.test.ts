// @vitest-environment node
// The console's links follow the address `npm start` serves (packages/server/src/served-origin.ts):
// PUBLIC_URL first, then what the host recorded in its database, then npm start's default. What is
// recorded is only ever used as one plain http origin. tests/server/served-origin.test.ts records
// it with real servers.
import { describe, expect, it } from 'vitest';
import { consoleOriginOf } from '@obra/server/testing';

describe('the console origin of links', () => {
  it('is npm start’s default before any start', () => {
    expect(consoleOriginOf(null)).toBe('http://localhost:8080');
    expect(consoleOriginOf(undefined)).toBe('http://localhost:8080');
  });

  it('is the origin recorded', () => {
    expect(consoleOriginOf('http://localhost:18102')).toBe('http://localhost:18102');
    expect(consoleOriginOf('http://[::1]:18104')).toBe('http://[::1]:18104');
  });

  it('ignores a recorded value that is not one origin (edited by hand, or another program’s)', () => {
    for (const recorded of ['javascript:alert(1)', 'http://evil.example/admin?x=', 'http://evil.example?x=', 'http://a b', ''])
      expect(consoleOriginOf(recorded)).toBe('http://localhost:8080');
  });
});
