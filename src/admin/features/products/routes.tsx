import type { RouteObject } from 'react-router';
import { newProductPath, productListPath, productPath } from '../../lib/urls/products';
import { ProductEditorPage, type ProductPanels } from './pages/product-editor-page';
import { ProductsPage } from './pages/products-page';
import './products.css';

/**
 * The console's product pages, under /admin (`new` is the editor without a product yet). The app
 * gives the panels other features own (features never import each other).
 */
export function productRoutes(panels: ProductPanels): RouteObject[] {
  const Editor = () => <ProductEditorPage {...panels} />;
  return [
    { path: productListPath, Component: ProductsPage },
    { path: newProductPath, Component: Editor },
    { path: productPath(':id'), Component: Editor },
  ];
}
