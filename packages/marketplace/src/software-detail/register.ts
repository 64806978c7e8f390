// Side effect: defines <obra-software-detail> (in a browser, once). Import this, or load the bundle.
import { registerWidget } from '@obra/element';
import { softwareDetailWidget } from './widget.ts';

registerWidget(softwareDetailWidget);

declare global {
  interface HTMLElementTagNameMap {
    'obra-software-detail': import('@obra/element').WidgetElement<typeof softwareDetailWidget.attributes>;
  }
}
