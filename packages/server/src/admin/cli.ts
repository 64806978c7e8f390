// `npm run admin -- create-user EMAIL --role admin|agent [--password-stdin]`: makes an operator
// account and prints its one-time link (docs/operators/console.md); with --password-stdin
// the password is read from standard input and set at once (scripts, tests).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDb } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { servedOrigin } from '../served-origin.ts';
import { checkAdminBody } from '@obra/schema/admin-contract';
import { INVITE_HOURS, inviteLink, inviteUser, setPassword } from './users.ts';

const USAGE = 'Usage: npm run admin -- create-user EMAIL --role admin|agent [--password-stdin]';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  // One trailing newline is what `echo` and a here-string add; it is not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Runs the command for `args`; returns the exit code. */
export async function runAdmin(
  args: string[],
  out: (text: string) => void = (text) => process.stdout.write(text),
  stdin = readStdin,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { role: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, address, ...rest] = parsed.positionals;
  if (command !== 'create-user' || !address || rest.length) {
    console.error(USAGE);
    return 2;
  }
  // The account is checked as an admin's invitation from the console is.
  const account = checkAdminBody('POST users', { email: address, role: parsed.values.role });
  if (!account.ok) {
    console.error(`${account.message}\n${USAGE}`);
    return 2;
  }
  const { email, role } = account.body;
  const password = parsed.values['password-stdin'] ? await stdin() : undefined;
  const config = loadConfig();
  const db = await openDb(config);
  try {
    const { token } = await inviteUser(db, email, role);
    const origin = await servedOrigin(config, db);
    if (password !== undefined) {
      await setPassword(db, token, password);
      out(`${email} (${role}) can sign in at ${origin}/admin\n`);
    } else {
      out(
        `${email} (${role}): open this link within ${INVITE_HOURS} hours to choose a password (it works once):\n${inviteLink(origin, token)}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof HttpError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  process.exitCode = await runAdmin(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    return 1;
  });
}
