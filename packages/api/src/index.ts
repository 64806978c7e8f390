export { ApiError, type ApiErrorKey } from './errors.ts';
export { apiBaseFrom, createApiClient, postJson, type ApiClient } from './client.ts';
export { sendWaitList, type WaitListTransport, type SendWaitListOptions } from './wait-list.ts';
