import type { RouteObject } from 'react-router';
import { SlotsPage } from './pages/slots-page';

/** The Delivery slots page, under /admin. */
export const SLOTS_ROUTES: RouteObject[] = [{ path: 'delivery-slots', Component: SlotsPage }];
