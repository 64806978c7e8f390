export { ApiError, type ApiErrorKey } from './errors.ts';
export { apiBaseFrom, createApiClient, postJson, type ApiClient } from './client.ts';
export { sendWaitList, type WaitListTransport, type SendWaitListOptions } from './wait-list.ts';
export { sendPartner, type SendPartnerOptions } from './partner.ts';
export { searchLocation, generateImage, sendFormReport, IMAGE_ERRORS, type Place, type DesignCallOptions } from './design-form.ts';
export { sendContact, type SendContactOptions } from './contact.ts';
