import type { RouteObject } from 'react-router';
import { stockListPath, stockPath } from '../../lib/urls/stock';
import { StockPage } from './pages/stock-page';
import { StockProductPage } from './pages/stock-product-page';

/** The console's stock pages, under /admin. */
export const STOCK_ROUTES: RouteObject[] = [
  { path: stockListPath, Component: StockPage },
  { path: stockPath(':id'), Component: StockProductPage },
];
