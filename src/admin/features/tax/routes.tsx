import type { RouteObject } from 'react-router';
import { taxPath } from '../../lib/urls/shop';
import { TaxPage } from './pages/tax-page';

/** The Tax page (classes and areas with their rates), under /admin. */
export const TAX_ROUTES: RouteObject[] = [{ path: taxPath, Component: TaxPage }];
