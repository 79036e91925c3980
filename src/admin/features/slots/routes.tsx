import type { RouteObject } from 'react-router';
import { slotsPath } from '../../lib/urls/shop';
import { SlotsPage } from './pages/slots-page';

/** The Delivery slots page, under /admin. */
export const SLOTS_ROUTES: RouteObject[] = [{ path: slotsPath, Component: SlotsPage }];
