// Side effect: defines <obra-wait-list> (in a browser, once). Import this, or load the bundle.
import { registerWidget } from '@obra/element';
import { waitListWidget } from './widget.ts';

registerWidget(waitListWidget);

declare global {
  interface HTMLElementTagNameMap {
    'obra-wait-list': import('@obra/element').WidgetElement<typeof waitListWidget.attributes, import('./store.ts').WaitListEvents>;
  }
}
