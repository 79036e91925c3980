import type { RouteObject } from 'react-router';
import { importPath } from '../../lib/urls/shop';
import { ImportPage } from './pages/import-page';

/** The product CSV page, under /admin. */
export const IMPORT_ROUTES: RouteObject[] = [{ path: importPath, Component: ImportPage }];
