import type { RouteObject } from 'react-router';
import { OrderPage } from './pages/order-page';
import { OrdersPage } from './pages/orders-page';
import { PackingPage } from './pages/packing-page';
import './orders.css';

/** The console's order pages, under /admin (the router ranks the static `packing` above `:orderNo`). */
export const ORDER_ROUTES: RouteObject[] = [
  { path: 'orders', Component: OrdersPage },
  { path: 'orders/packing', Component: PackingPage },
  { path: 'orders/:orderNo', Component: OrderPage },
];
