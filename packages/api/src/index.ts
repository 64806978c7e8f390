export { ApiError, attributionProblem, type ApiErrorKey } from './errors.ts';
export { apiBaseFrom, createApiClient, obraOriginFrom, type ApiClient } from './client.ts';
export { apiUrl, parseRetryAfter, request, type CallInit } from './request.ts';
export {
  RETRY,
  backoff,
  createKeyring,
  deliver,
  newKey,
  type DeliverOptions,
  type Delivery,
  type Outbox,
  type Refusal,
  type RetryPolicy,
} from './delivery.ts';
export { STORED_TTL_MS, stored, type Stored } from './outbox.ts';
export { sendWaitList, type WaitListTransport, type SendWaitListOptions } from './wait-list.ts';
export { sendPartner, type SendPartnerOptions } from './partner.ts';
export { searchLocation, generateImage, sendFormReport, type Place, type DesignCallOptions } from './design-form.ts';
export { sendContact, type SendContactOptions } from './contact.ts';
export { spamHeaders } from './spam.ts';
export { BUNDLE_VERSION, attributionOf, collectAttribution, type AttributionSource } from './attribution.ts';
