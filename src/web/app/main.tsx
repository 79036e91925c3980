import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { Providers } from './providers';
import { createRouter } from './router';
import './styles/tokens.css';
import './styles/base.css';

// Texts, route code and the first screen's data all start loading before the first render.
void initI18n();
const queryClient = createQueryClient();
const router = createRouter(queryClient);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
