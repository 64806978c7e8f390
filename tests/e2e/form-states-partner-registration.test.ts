// The partner registration's states, each legible on a phone and a desktop, in es and en and on a partner's
// page: a refused field, the send under way, offline with the submission kept, the error
// (tests/e2e/support/form-states.ts).
import { describeFormStates, partnerRegistration } from './support/form-states.ts';

describeFormStates('partner registration', partnerRegistration);
