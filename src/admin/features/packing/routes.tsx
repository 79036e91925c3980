import type { RouteObject } from 'react-router';
import { packingPath } from '../../lib/urls/packing';
import { PackingDayPage } from './pages/packing-day-page';
import './packing.css';

/** The packer's day, under /admin; a slot's printable list is the orders' packing list (/admin/orders/packing). */
export const PACKING_ROUTES: RouteObject[] = [{ path: packingPath, Component: PackingDayPage }];
