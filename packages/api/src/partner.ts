import { apiUrl } from './request.ts';
import { deliver, newKey, type DeliverOptions } from './delivery.ts';

import type { PartnerRegistration } from '@obra/schema';

export interface SendPartnerOptions extends DeliverOptions {
  /** The API base URL, e.g. `https://obra.example/api`. */
  apiBase: string;
  /** The submission's Idempotency-Key (a new one when absent). */
  key?: string | undefined;
}

/** The wire shape: exactly these five keys, whatever else the caller's object holds. */
const partnerBody = ({ nombre, telefono, correo, pais, especializacion }: PartnerRegistration): PartnerRegistration => ({
  nombre,
  telefono,
  correo,
  pais,
  especializacion,
});

/**
 * Sends a partner registration to `{apiBase}/partner` and resolves with the API's answer (`{id}`,
 * and what its attribution counts for: docs/partners/sites.md). A refusal throws {@link ApiError};
 * nothing is logged (the widget is quiet on the partner's page).
 */
export async function sendPartner(registration: PartnerRegistration, options: SendPartnerOptions): Promise<unknown> {
  const url = apiUrl(options.apiBase, 'partner');
  return deliver(
    { url, body: partnerBody(registration), key: options.key ?? newKey(), headers: options.headers, attribution: options.attribution },
    options,
  );
}
