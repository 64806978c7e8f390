// A widget's draft sees every change after its first render, even one made before the browser's
// next frame: the ESM loader puts back what was typed into the pre-rendered view right after the
// take-over's render, and a visitor on a busy page can type before the frame.
import { render, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { loadDraft } from '@obra/form';
import { useDraft } from '@obra/form/react';

interface State {
  nombre: string;
}

afterEach(() => localStorage.clear());

/** A widget on the page whose draft keeps its store's `nombre`. */
function draftWidget() {
  const host = document.createElement('obra-test-widget');
  document.body.append(host);
  const store = createStore<State>(() => ({ nombre: '' }));
  function Widget() {
    useDraft(store, host, 'test-widget', {
      pick: (state) => (state.nombre ? state : undefined),
      changed: (state, previous) => state.nombre !== previous.nombre,
      sent: () => false,
      restore: (draft: State) => store.setState(draft),
    });
    return null;
  }
  return { host, store, Widget };
}

describe('useDraft', () => {
  it('saves a change made in the same commit as the first render, before any passive effect', async () => {
    const { host, store, Widget } = draftWidget();
    // What the loader does after the take-over's render: in the commit, before the frame.
    function Loader() {
      useLayoutEffect(() => store.setState({ nombre: 'Ana' }), []);
      return null;
    }
    render(
      <>
        <Widget />
        <Loader />
      </>,
    );
    await waitFor(() => expect(loadDraft<State>(host, 'test-widget')).toEqual({ nombre: 'Ana' }));
    host.remove();
  });

  it('writes a change still waiting for its save when the page is left, and when the widget goes', () => {
    const { host, store, Widget } = draftWidget();
    const { unmount } = render(<Widget />);
    // Typed, then the page is left before the save's delay: the draft holds it all the same.
    store.setState({ nombre: 'Ana' });
    expect(loadDraft<State>(host, 'test-widget')).toBeUndefined();
    dispatchEvent(new Event('pagehide'));
    expect(loadDraft<State>(host, 'test-widget')).toEqual({ nombre: 'Ana' });
    // Typed, then the widget is removed before the delay.
    store.setState({ nombre: 'Ana María' });
    unmount();
    expect(loadDraft<State>(host, 'test-widget')).toEqual({ nombre: 'Ana María' });
    host.remove();
  });
});
