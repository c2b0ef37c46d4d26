import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Renders the app into index.html's `<div id="root">`, in strict mode. */
export function mountApp(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain <div id="root">');
  createRoot(container).render(<StrictMode>{app}</StrictMode>);
}
