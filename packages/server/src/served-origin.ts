// Where the console is served, for the links the CLI prints and the mails carry: PUBLIC_URL when
// set; else the address `npm start` last listened on, which it records in the data folder (a
// newcomer's `PORT=18102 npm start` gets links to 18102, not to the default port).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { displayHost } from './http/server.ts';

/** The port `npm start` serves on when PORT is unset, and so the link before any start. */
const DEFAULT_ORIGIN = 'http://localhost:8080';

const fileOf = (dataDir: string) => join(dataDir, 'served-origin');

/** Records the origin a host process listens on (`host` as configured, `port` as bound). */
export function recordServedOrigin(dataDir: string, host: string, port: number): void {
  mkdirSync(dataDir, { recursive: true });
  const file = fileOf(dataDir);
  // Written whole, then renamed: a reader sees the old origin or the new one, never half of one.
  writeFileSync(`${file}.${process.pid}`, `http://${displayHost(host)}:${port}\n`);
  renameSync(`${file}.${process.pid}`, file);
}

/** The console's origin: PUBLIC_URL, else the recorded one, else npm start's default. */
export function servedOrigin(config: Pick<Config, 'publicUrl' | 'dataDir'>): string {
  if (config.publicUrl) return config.publicUrl;
  try {
    const recorded = readFileSync(fileOf(config.dataDir), 'utf8').trim();
    if (/^http:\/\/[^\s/]+$/.test(recorded)) return recorded;
  } catch {
    // Never started here: the default below.
  }
  return DEFAULT_ORIGIN;
}
