import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { sendPendingLogoutWhenOnline } from './lib/pending-logout';
import { registerServiceWorker } from './lib/service-worker';
import { markShellMode, shellBridge } from './lib/shell-bridge';
import './styles/theme.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/widgets.css';
import './styles/auth.css';
import './styles/overlays.css';
import './styles/print.css';
import './styles/kiosk.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">.');

// The kiosk's stylesheet keys on the root, before the first paint.
markShellMode(document.documentElement, shellBridge());
// Only a kiosk downloads its link guard (a chunk of its own: the entry stays as light for everyone).
const kiosk = shellBridge()?.kiosk;
if (kiosk) void import('./app/kiosk-links').then(({ keepKioskInTheApplication }) => keepKioskInTheApplication(kiosk));

registerServiceWorker();
// A logout that could not reach the server (an inactivity logout offline) is sent as soon as it can be.
sendPendingLogoutWhenOnline();

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
