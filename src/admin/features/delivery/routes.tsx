import type { RouteObject } from 'react-router';
import { deliveryPath } from '../../lib/urls/shop';
import { DeliveryPage } from './pages/delivery-page';

/** The Delivery page (area, fee, free-delivery threshold, minimum), under /admin. */
export const DELIVERY_ROUTES: RouteObject[] = [{ path: deliveryPath, Component: DeliveryPage }];
