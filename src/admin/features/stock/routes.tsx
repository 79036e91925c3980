import type { RouteObject } from 'react-router';
import { StockPage } from './pages/stock-page';
import { StockProductPage } from './pages/stock-product-page';

/** The console's stock pages, under /admin. */
export const STOCK_ROUTES: RouteObject[] = [
  { path: 'stock', Component: StockPage },
  { path: 'stock/:id', Component: StockProductPage },
];
