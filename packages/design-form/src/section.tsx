import { useId, useRef, type ReactNode } from 'react';
import { BoltIcon } from './icons.tsx';

export interface SectionProps {
  title: string;
  open: boolean;
  onToggle: () => void;
  /** The lightning button: its tooltip ('Generar imagen'), its accessible name, and its action. */
  generate?: { title: string; label: string; busy: boolean; onClick: () => void } | undefined;
  children: ReactNode;
}

/**
 * A collapsible section: a heading whose button shows or hides the content (APG disclosure), and
 * an optional lightning button beside it. Not <details>: a button inside <summary> is not allowed.
 * The content is rendered when the section first opens and kept after that: the values live in
 * the store, so a section never opened costs nothing on the widget's first render.
 */
export function Section({ title, open, onToggle, generate, children }: SectionProps) {
  const id = useId();
  const opened = useOpenedOnce(open);
  return (
    <section className="section" data-open={open ? '' : undefined}>
      <div className="section-head">
        <h3>
          <button type="button" className="toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={onToggle}>
            <span className="chevron" aria-hidden="true" />
            {title}
          </button>
        </h3>
        {generate ? (
          <button
            type="button"
            className="bolt"
            title={generate.title}
            aria-label={generate.label}
            aria-disabled={generate.busy || undefined}
            onClick={generate.onClick}
          >
            <BoltIcon />
          </button>
        ) : null}
      </div>
      <div id={`${id}-body`} className="section-body" hidden={!open}>
        {opened ? children : null}
      </div>
    </section>
  );
}

/**
 * Whether something has been open at least once: content that starts closed (a section, the
 * modal) is rendered when it first opens and kept after, so the first render stays short.
 */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(open);
  opened.current ||= open;
  return opened.current;
}
