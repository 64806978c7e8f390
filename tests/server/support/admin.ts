// Operators and signed-in calls to /api/admin/* for the server and browser tests.
import type { Db } from '@obra/server';
import { hashPassword, inviteUser, type Role } from '@obra/server/testing';

/** A password every test operator gets. */
export const PASSWORD = 'correct horse battery';

/**
 * {@link PASSWORD}'s hash for every test operator, made once: scrypt at N = 2^10 instead of the
 * product's 2^15. The parameters are stored with each hash and the API verifies at the stored ones,
 * so each sign-in costs ~1 ms instead of ~50 (up to a second on the busy 2-core machine), across
 * hundreds of sign-ins. The product's own cost is still what an invitation link, a password change
 * and `npm run admin -- create-user` store (admin-auth.test.ts, the browser tests' first operator).
 */
const TEST_HASH = hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });

/** Makes an operator with {@link PASSWORD} straight in the database, as its one-time link would. */
export async function createOperator(db: Db, email: string, role: Role = 'admin'): Promise<void> {
  await inviteUser(db, email, role);
  await db.query('update admin_user set password_hash = $2, invite_hash = null, invite_expires_at = null where lower(email) = lower($1)', [
    email,
    await TEST_HASH,
  ]);
}

/** A signed-in session: its cookie and CSRF token, and a fetch that sends both with the right Origin. */
export interface Session {
  cookie: string;
  csrf: string;
  call(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal }): Promise<Response>;
}

/** Signs in over HTTP (as the console on `origin`: PUBLIC_URL's when it is set); throws when the API refuses. */
export async function signInAs(base: string, email: string, password = PASSWORD, origin = base): Promise<Session> {
  const response = await fetch(`${base}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { csrf } = (await response.json()) as { csrf: string };
  return {
    cookie,
    csrf,
    call: (path, init = {}) =>
      fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          cookie,
          origin,
          'x-csrf-token': csrf,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      }),
  };
}

/** Stores a design report as the form would (real choice codes), mailed; its id. */
export async function insertReport(
  db: Db,
  { nombre = 'Rosa Informe', correo = 'rosa@example.com', imageUrl = 'http://127.0.0.1/api/images/none.svg' } = {},
): Promise<string> {
  const [report] = await db.query<{ id: string }>(
    `insert into report (nombre, correo, telefono, pais, departamento, ciudad, estado_proyecto, etapa_proyecto, ancho, longitud, ancho_edificacion, largo_edificacion,
       alto_edificacion, uso, uso_especifico, sistema_constructivo, diseno, tipo_fachada, material_cubierta, material_fachada, zona, otros, image_url, prompt, request_hash, lang, mail_status, mailed_at)
     values ($1, $2, '+57 301 111 2222', 'Colombia', 'Antioquia', 'Medellín', 'Nueva', 'Concepcion', '10', '20', '8', '12', '6', 'housing', '',
       'steel-framing', 'Arco', 'Ligeras', 'Panel Sandwich', 'Ladrillo', 'zone2', 'ascensor,sotano', $3, 'p', 'h', 'es', 'sent', now())
     returning id`,
    [nombre, correo, imageUrl],
  );
  return report!.id;
}

/**
 * A partner approved through the console's API, as an admin leaves it: its registration posted to
 * `base`, then approved by `admin` with `code` and `origins`. Returns the partner's id.
 */
export async function approvedPartner(
  base: string,
  admin: Session,
  code: string,
  origins: string[],
  nombre = `Socio ${code}`,
): Promise<string> {
  const registration = await fetch(`${base}/api/partner`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      nombre,
      telefono: '+57 300 123 4567',
      correo: `${code.toLowerCase()}@socio.example`,
      pais: 'Colombia',
      especializacion: 'arquitectura',
    }),
  });
  if (registration.status !== 201) throw new Error(`the registration answered ${registration.status}: ${await registration.text()}`);
  const { id } = (await registration.json()) as { id: string };
  const approval = await admin.call(`/api/admin/partners/${id}/approve`, { method: 'POST', body: { code, origins } });
  if (approval.status !== 200) throw new Error(`the approval answered ${approval.status}: ${await approval.text()}`);
  return id;
}
