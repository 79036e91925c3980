import type { RouteObject } from 'react-router';
import { reportsPath } from '../../lib/urls/reports';
import { ReportsPage } from './pages/reports-page';

/** The Reports page, under /admin. */
export const REPORTS_ROUTES: RouteObject[] = [{ path: reportsPath, Component: ReportsPage }];
