import type { RouteObject } from 'react-router';
import { ImportPage } from './pages/import-page';

/** The product CSV page, under /admin. */
export const IMPORT_ROUTES: RouteObject[] = [{ path: 'import', Component: ImportPage }];
