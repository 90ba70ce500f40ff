import '#client/styles/index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '#client/app/app.tsx';
import { appContainer } from '#client/first-paint.ts';

createRoot(appContainer()).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
