import type { RouteObject } from 'react-router';
import { ProductEditorPage } from './pages/product-editor-page';
import { ProductsPage } from './pages/products-page';
import './products.css';

/** The console's product pages, under /admin (`new` is the editor without a product yet). */
export const PRODUCT_ROUTES: RouteObject[] = [
  { path: 'products', Component: ProductsPage },
  { path: 'products/new', Component: ProductEditorPage },
  { path: 'products/:id', Component: ProductEditorPage },
];
