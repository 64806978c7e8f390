import { createApiClient } from './client.ts';

import type { PartnerRegistration } from '@obra/schema';

export interface SendPartnerOptions {
  /** The API base URL, e.g. `https://obra.example/api`. */
  apiBase: string;
}

/**
 * Sends a partner registration to `{apiBase}/partner` (SPEC.md §7). A non-OK status throws
 * {@link ApiError}; the OK answer carries nothing the widget shows, so it is only logged.
 */
export async function sendPartner(registration: PartnerRegistration, options: SendPartnerOptions): Promise<void> {
  // Copied field by field: the wire shape is exactly these five keys, whatever else the caller's object holds.
  const { nombre, telefono, correo, pais, especializacion } = registration;
  const answer = await createApiClient(options.apiBase).post<unknown>('partner', { nombre, telefono, correo, pais, especializacion });
  console.info('[obra-partner-registration] registration accepted:', answer);
}
