// Side effect: defines <obra-partner-registration> (in a browser, once). Import this, or load the bundle.
import { registerWidget } from '@obra/element';
import { partnerRegistrationWidget } from './widget.ts';

registerWidget(partnerRegistrationWidget);

declare global {
  interface HTMLElementTagNameMap {
    'obra-partner-registration': import('@obra/element').WidgetElement<
      typeof partnerRegistrationWidget.attributes,
      import('./store.ts').PartnerRegistrationEvents
    >;
  }
}
