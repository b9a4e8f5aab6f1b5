import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { ShellProvider } from './shell/ShellContext';
import { ToastProvider } from './shell/Toasts';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
// The first render runs as a transition, so React renders it in slices of a few milliseconds and
// yields to the browser between them: a phone's main thread is never blocked for long while the
// page starts (Lighthouse's Total Blocking Time), at the cost of nothing visible.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <ShellProvider>
          <ToastProvider>
            <App />
          </ToastProvider>
        </ShellProvider>
      </BrowserRouter>
    </StrictMode>,
  );
});
