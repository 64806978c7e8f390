// The console's entry: renders the app into #root (dist/console/index.html, built by build.ts).
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

createRoot(document.getElementById('root')!).render(<App />);
