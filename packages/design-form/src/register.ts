// Side effect: defines <obra-design-form> (in a browser, once). Import this, or load the bundle.
import { registerWidget } from '@obra/element';
import { designFormWidget } from './widget.ts';

registerWidget(designFormWidget);

declare global {
  interface HTMLElementTagNameMap {
    'obra-design-form': import('@obra/element').WidgetElement<typeof designFormWidget.attributes, import('./store.ts').DesignFormEvents>;
  }
}
