// The design form's states, each legible on a phone, in es and en and on a partner's page: a
// refused field, the send under way, offline with the submission kept (and the overlay closed),
// the error (tests/e2e/support/form-states.ts). The desktop: form-states-design-form-desktop.test.ts.
import { describeFormStates, designForm } from './support/form-states.ts';

describeFormStates('design form', designForm, ['phone']);
