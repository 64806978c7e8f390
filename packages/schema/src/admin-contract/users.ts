// The console's contract for operators: signing in and out, passwords, the operator's own
// settings, the company's time zone, and the users' list (admins add, change and remove).
import * as v from 'valibot';
import { OPERATOR_ROLES, type OperatorRole } from '../console.ts';
import { LANGS, type Lang } from '../lang.ts';
import { isEmail } from '../validate.ts';
import type { AdminBody } from './check.ts';
import { type ApiTime, body } from './common.ts';

const EMAIL_TEXT = 'Give a valid e-mail address (name@example.com).';
const ROLE_TEXT = `The role must be ${OPERATOR_ROLES.join(' or ')}.`;
const role = v.picklist(OPERATOR_ROLES, ROLE_TEXT);
const TIME_ZONE_TEXT = 'timeZone must be an IANA time zone such as America/Bogota.';
/** An IANA time zone's name (the API checks that the database knows it). */
const timeZone = v.pipe(v.string(TIME_ZONE_TEXT), v.maxLength(64, TIME_ZONE_TEXT));
const MORNING_TEXT = 'morningHour must be an hour from 0 to 23, or null.';
/**
 * What sign-in and the one-time link's form read: text, anything else (a text with a NUL too, which
 * the database cannot compare) as none (a refusal then says no more than a wrong password).
 */
const given = (longest: number) =>
  v.fallback(
    v.pipe(
      v.string(),
      v.check((text) => !text.includes('\0')),
      v.transform((text) => text.slice(0, longest)),
    ),
    '',
  );

/** The signed-in operator. */
export interface Me {
  id: string;
  email: string;
  role: OperatorRole;
}

/** The signed-in operator's settings, and the company's time zone. */
export interface Settings {
  /** Chosen with their account; null until they switch language once. */
  lang: Lang | null;
  /** Their own time zone, else the company's: every time the console shows. */
  timeZone: string;
  /** Their own choice (null: the company's). */
  ownTimeZone: string | null;
  /** The local hour of their morning e-mail; null: none. */
  morningHour: number | null;
  companyTimeZone: string;
}

/** An operator as the users' list gives it. */
export interface OperatorItem {
  id: string;
  email: string;
  role: OperatorRole;
  /** Their password is set (their one-time link was used). */
  active: boolean;
  created_at: ApiTime;
}

/** The answer of each route of users, by 'METHOD path' (AdminResponses). */
export interface UserRoutes {
  'POST session': { user: Me; csrf: string };
  'GET session': { user: Me; csrf: string; settings: Settings };
  'POST sign-out': undefined;
  'POST password': undefined;
  'POST account/password': undefined;
  'PATCH me': undefined;
  'PUT company': undefined;
  'GET users': { users: OperatorItem[] };
  /** The account and its one-time link (201). */
  'POST users': { id: string; link: string };
  'PATCH users/:id': undefined;
  'DELETE users/:id': undefined;
}

/** The body of each route of users that reads one (ADMIN_BODIES). */
export const USER_BODIES = {
  'POST users': body(v.object({ email: v.pipe(v.string(EMAIL_TEXT), v.trim(), v.check(isEmail, EMAIL_TEXT)), role }, EMAIL_TEXT), {
    email: 'email',
    role: 'role',
  }),
  'PATCH users/:id': body(v.object({ role }, ROLE_TEXT), { role: 'role' }),
  'PATCH me': body(
    v.pipe(
      v.object({
        lang: v.optional(v.picklist(LANGS, `lang must be ${LANGS.join(' or ')}.`)),
        /** null: the company's. */
        timeZone: v.optional(v.nullable(timeZone)),
        /** null: no morning e-mail. */
        morningHour: v.optional(
          v.nullable(v.pipe(v.number(MORNING_TEXT), v.integer(MORNING_TEXT), v.minValue(0, MORNING_TEXT), v.maxValue(23, MORNING_TEXT))),
        ),
      }),
      v.check((change) => Object.keys(change).length > 0, 'Send lang, timeZone or morningHour.'),
    ),
    { lang: 'lang', timeZone: 'time-zone', morningHour: 'morning-hour' },
  ),
  'PUT company': body(v.object({ timeZone }, TIME_ZONE_TEXT), { timeZone: 'time-zone' }),
  'POST session': body(v.object({ email: given(300), password: given(200) })),
  /** The link's token and the new password (the policy's refusal is the API's: it needs the account). */
  'POST password': body(v.object({ token: given(101), password: given(201) })),
  /** The current password (given(200): as sign-in reads it) and the new one. */
  'POST account/password': body(v.object({ current: given(200), password: given(201) })),
} satisfies { [K in keyof UserRoutes]?: AdminBody };
