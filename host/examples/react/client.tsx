import { hydrateRoot } from 'react-dom/client';
import { App } from './app.tsx';

// The server rendered #root (dist/examples/react.html); hydration attaches React to that HTML.
hydrateRoot(document.getElementById('root')!, <App />, {
  onRecoverableError: (error) => console.error('hydration:', error),
});
