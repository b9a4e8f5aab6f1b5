import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { ShellProvider } from './shell/ShellContext';
import { ToastProvider } from './shell/Toasts';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
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
