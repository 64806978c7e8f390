// Side effect: defines <obra-marketplace> (in a browser, once). Import this, or load the bundle.
import { registerWidget } from '@obra/element';
import { marketplaceWidget } from './widget.ts';

registerWidget(marketplaceWidget);

declare global {
  interface HTMLElementTagNameMap {
    'obra-marketplace': import('@obra/element').WidgetElement<typeof marketplaceWidget.attributes>;
  }
}
