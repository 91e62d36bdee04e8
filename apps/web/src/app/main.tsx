import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { captureUtm } from '../shared/lib/utm';
import '../shared/styles/global.css';
import { App } from './app';

// SPEC §3: campaign parameters of the landing page are kept for 7 days.
captureUtm();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
