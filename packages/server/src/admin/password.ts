// Operators' passwords: scrypt from node:crypto (memory-hard, no native module to build), a
// random salt per user, and the parameters stored with the hash so they can be raised later
// without invalidating existing passwords.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** N = 2^15, r = 8: 32 MiB and ~50 ms a hash on one core (OWASP's scrypt minimum is N = 2^17 with r = 8 at p = 1 for 128 MiB; 2^15 keeps several sign-ins at once within a small server's memory). */
const DEFAULTS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/**
 * The shortest password accepted: 15 characters, NIST SP 800-63B-4's minimum for a password that
 * is the only factor (the console has no second one). Any characters, no composition rules.
 */
export const MIN_PASSWORD_LENGTH = 15;
/** The fewest different characters: `aaaaaaaaaaaaaaa` and `123451234512345` are long, not strong. */
const MIN_DISTINCT = 6;

/**
 * Why `password` is refused for the account `email`, or undefined: too short or long, too few
 * different characters, or it holds the e-mail's name (`ana.garcia` of ana.garcia@…, 3 or more
 * letters) or the product's name, the first words a guesser tries.
 */
export function passwordProblem(password: string, email: string): 'length' | 'repeats' | 'guessable' | undefined {
  const characters = Array.from(password);
  if (characters.length < MIN_PASSWORD_LENGTH || password.length > 200) return 'length';
  if (new Set(characters).size < MIN_DISTINCT) return 'repeats';
  const folded = password.normalize('NFKC').toLowerCase();
  const name = email.split('@')[0]!.toLowerCase();
  if ((name.length >= 3 && folded.includes(name)) || folded.includes('obra')) return 'guessable';
  return undefined;
}

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 256 * (options.N ?? 1) * (options.r ?? 8) + 2 ** 20 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

/** `scrypt$N$r$p$salt$hash` (base64url) of `password`. */
export async function hashPassword(password: string, params = DEFAULTS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; false (never a throw) for a malformed hash. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing anyone can type, verified when the e-mail is unknown so both answers take as long. */
export const DUMMY_HASH = await hashPassword(randomBytes(24).toString('base64url'));
