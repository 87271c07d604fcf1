import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import ReactModal from 'react-modal';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { markShellMode, shellBridge } from './lib/shell-bridge';
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/auth.css';
import './styles/overlays.css';
import './styles/print.css';
import './styles/kiosk.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">.');

// The kiosk's stylesheet keys on the root, before the first paint.
markShellMode(document.documentElement, shellBridge());

// While a dialog is open, everything else is hidden from assistive technology.
ReactModal.setAppElement(rootElement);

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
