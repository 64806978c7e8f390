import type { StoreApi } from 'zustand/vanilla';
import { createFormStore, type FormEvents, type FormState } from '@obra/form';
import { emptyOf, partnerSchema, validatePartner, type PartnerRegistration, type Specialization } from '@obra/schema';

/** What the visitor has typed so far; `especializacion` is empty until chosen. */
export type PartnerRegistrationValues = { [K in keyof PartnerRegistration]: K extends 'especializacion' ? Specialization | '' : string };

/** Empty values: the form's initial state and what it returns to after a registration. */
export const emptyPartnerRegistration: PartnerRegistrationValues = emptyOf(partnerSchema);

/** The events `<obra-partner-registration>` dispatches, with the registration in `detail.registration`. */
export type PartnerRegistrationEvents = FormEvents<'registration', PartnerRegistration>;

/** The state of one element: docs/contributors/behaviour.md#states, idle → sending → a success or an error message. */
export type PartnerRegistrationState = FormState<PartnerRegistrationValues, PartnerRegistration, 'registration'>;

/** Creates the state of one `<obra-partner-registration>` element. */
export function createPartnerRegistrationStore(): StoreApi<PartnerRegistrationState> {
  return createFormStore({ empty: emptyPartnerRegistration, validate: validatePartner, detail: 'registration' });
}
