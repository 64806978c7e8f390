// @vitest-environment node
// The console's links follow the address `npm start` serves (packages/server/src/served-origin.ts):
// PUBLIC_URL first, then what the host recorded in the data folder, then npm start's default.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recordServedOrigin } from '@obra/server';
import { servedOrigin } from '@obra/server/testing';

let dataDir: string;
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
const fresh = () => (dataDir = mkdtempSync(join(tmpdir(), 'obra-origin-')));

describe('the console origin of links', () => {
  it('is npm start’s default before any start', () => {
    expect(servedOrigin({ dataDir: fresh(), publicUrl: undefined })).toBe('http://localhost:8080');
  });

  it('is the address the host last listened on, as a browser on this machine reaches it', () => {
    recordServedOrigin(fresh(), '0.0.0.0', 18102);
    expect(servedOrigin({ dataDir, publicUrl: undefined })).toBe('http://localhost:18102');
    recordServedOrigin(dataDir, '127.0.0.1', 18103);
    expect(servedOrigin({ dataDir, publicUrl: undefined })).toBe('http://127.0.0.1:18103');
    recordServedOrigin(dataDir, '::1', 18104);
    expect(servedOrigin({ dataDir, publicUrl: undefined })).toBe('http://[::1]:18104');
  });

  it('is PUBLIC_URL whenever it is set', () => {
    recordServedOrigin(fresh(), '0.0.0.0', 18102);
    expect(servedOrigin({ dataDir, publicUrl: 'https://obra.example' })).toBe('https://obra.example');
  });

  it('ignores a recorded file that is not one origin (edited by hand, or another program’s)', () => {
    writeFileSync(join(fresh(), 'served-origin'), 'javascript:alert(1)\n');
    expect(servedOrigin({ dataDir, publicUrl: undefined })).toBe('http://localhost:8080');
    writeFileSync(join(dataDir, 'served-origin'), 'http://evil.example/admin?x=\n');
    expect(servedOrigin({ dataDir, publicUrl: undefined })).toBe('http://localhost:8080');
  });
});
