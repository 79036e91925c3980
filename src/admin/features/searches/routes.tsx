import type { RouteObject } from 'react-router';
import { searchesPath } from '../../lib/urls/shop';
import { SearchesPage } from './pages/searches-page';

/** The Searches page (searches that found nothing, aliases), under /admin. */
export const SEARCHES_ROUTES: RouteObject[] = [{ path: searchesPath, Component: SearchesPage }];
