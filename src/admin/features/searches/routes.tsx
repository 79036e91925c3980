import type { RouteObject } from 'react-router';
import { SearchesPage } from './pages/searches-page';

/** The Searches page (searches that found nothing, aliases), under /admin. */
export const SEARCHES_ROUTES: RouteObject[] = [{ path: 'searches', Component: SearchesPage }];
