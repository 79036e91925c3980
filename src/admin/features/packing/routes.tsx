import type { RouteObject } from 'react-router';
import { PackingDayPage } from './pages/packing-day-page';
import { PackingListPage } from './pages/packing-list-page';
import './packing.css';

/** The packer's day and a slot's printable packing list, under /admin. */
export const PACKING_ROUTES: RouteObject[] = [
  { path: 'packing', Component: PackingDayPage },
  { path: 'packing/list', Component: PackingListPage },
];
