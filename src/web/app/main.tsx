import { StrictMode, startTransition } from 'react';
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
  const app = createRoot(root);
  // A transition renders in slices that yield to the browser, not in one long task; the first
  // screen is already painted (index.html's static one on home and the catalogue's pages).
  startTransition(() => {
    app.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}
