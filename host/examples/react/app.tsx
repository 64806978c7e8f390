// A React 19 partner page: the wrapper renders on the server, hydrates, then loads the element.
// The widget's language follows React state; its events land in React state through callbacks.
import { useState } from 'react';
import { ObraSoftwareDetail, ObraWaitList } from '@obra/react';

type Lang = 'es' | 'en';

// Obra's API, as a partner's build writes it in (the partner app of tests/e2e/support/partner-site.ts
// defines it); undefined on Obra's own example page (host/examples/build.ts), where each widget's
// default (`/api` on the page's origin) is right.
declare const __OBRA_API_BASE__: string | undefined;

const COPY = {
  es: {
    title: 'Constructora Andina',
    switch: 'English',
    thanks: (name: string) => `Gracias, ${name}: te avisaremos.`,
    failed: 'No se pudo enviar',
  },
  en: {
    title: 'Andina Builders',
    switch: 'Español',
    thanks: (name: string) => `Thank you, ${name}: we will be in touch.`,
    failed: 'Could not send',
  },
};

/** The whole page below `#root`; the same component renders on the server and in the browser. */
export function App() {
  const [lang, setLang] = useState<Lang>('es');
  const [status, setStatus] = useState('');
  const copy = COPY[lang];
  return (
    <div lang={lang}>
      <header>
        <h1>{copy.title}</h1>
        <button type="button" id="switch-lang" onClick={() => setLang(lang === 'es' ? 'en' : 'es')}>
          {copy.switch}
        </button>
      </header>
      <main className="columns">
        <ObraWaitList
          id="wait-list"
          lang={lang}
          apiBase={__OBRA_API_BASE__}
          onSuccess={(event) => setStatus(copy.thanks(event.detail.entry.nombre))}
          onError={(event) => setStatus(`${copy.failed}: ${event.detail.reason}`)}
        />
        <ObraSoftwareDetail slug="sketchup" lang={lang} apiBase={__OBRA_API_BASE__} />
      </main>
      <p id="status" role="status">
        {status}
      </p>
    </div>
  );
}
