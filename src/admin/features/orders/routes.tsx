import type { RouteObject } from 'react-router';
import { orderListPath, orderPath, packingListPath } from '../../lib/urls/orders';
import { OrderPage } from './pages/order-page';
import { OrdersPage } from './pages/orders-page';
import { PackingPage } from './pages/packing-page';
import './orders.css';

/** The console's order pages, under /admin (the router ranks the static `packing` above `:orderNo`). */
export const ORDER_ROUTES: RouteObject[] = [
  { path: orderListPath, Component: OrdersPage },
  { path: packingListPath, Component: PackingPage },
  { path: orderPath(':orderNo'), Component: OrderPage },
];
