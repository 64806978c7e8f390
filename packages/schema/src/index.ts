export { validate, isFieldErrorKey, text, email, phone, type FieldError, type FieldErrorKey, type FieldErrors } from './validate.ts';
export { waitListSchema, validateWaitList, WAIT_LIST_LIMITS, WAIT_LIST_INTERESTS, type WaitListEntry } from './wait-list.ts';
export { partnerSchema, validatePartner, PARTNER_LIMITS, SPECIALIZATIONS, type PartnerRegistration, type Specialization } from './partner.ts';
