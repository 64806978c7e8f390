// Every widget Obra ships, listed once. A widget's tag is `obra-<name>`, its self-contained bundle
// `dist/widgets/obra-<name>.js`; its `register.ts` (defines the tag) and `contract.ts` (attributes,
// events, parts) are in `packages/<package>/src/<folder>`. Read by the widgets' build
// (rollup.config.ts: bundles, loader table, manifest), the React wrappers (packages/react/src/
// components.ts, written from this list by tools/react-wrappers.ts), the host (its tags' JSX types
// and the widgets it pre-renders) and the tests. Plain data with no import: the build reads it
// before any workspace package resolves.

/** Every widget, in the order the build, the manifest and the partners' guide list them. */
export const WIDGETS = [
  { name: 'wait-list', package: 'wait-list', folder: '', events: true },
  { name: 'partner-registration', package: 'partner-registration', folder: '', events: true },
  { name: 'design-form', package: 'design-form', folder: '', events: true },
  { name: 'marketplace', package: 'marketplace', folder: 'marketplace/', events: false },
  { name: 'software-detail', package: 'marketplace', folder: 'software-detail/', events: false },
] as const;

/** One of {@link WIDGETS}. */
export type Widget = (typeof WIDGETS)[number];
/** A widget's name: `wait-list`. */
export type WidgetName = Widget['name'];
/** A widget's tag: `obra-wait-list`. */
export type WidgetTag = `obra-${WidgetName}`;

/** Where a widget is: its tag, its register and contract files in the repository, and its register module by package name. */
export const widgetModules = (widget: Widget) => ({
  tag: `obra-${widget.name}`,
  entry: `packages/${widget.package}/src/${widget.folder}register.ts`,
  contract: `packages/${widget.package}/src/${widget.folder}contract.ts`,
  register: `@obra/${widget.package}/${widget.folder}register`,
});
