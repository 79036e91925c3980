import type { SVGProps } from 'react';
import { CartIcon, GridIcon, HomeIcon, UserIcon } from '#web/components/ui/icons';

/** The four tabs of docs/product.md §2: home, categories, cart, profile. */
export const NAV_ITEMS: {
  to: string;
  label: string;
  Icon: (p: SVGProps<SVGSVGElement>) => React.JSX.Element;
}[] = [
  { to: '/home', label: 'nav.home', Icon: HomeIcon },
  { to: '/categories', label: 'nav.categories', Icon: GridIcon },
  { to: '/cart', label: 'nav.cart', Icon: CartIcon },
  { to: '/profile', label: 'nav.profile', Icon: UserIcon },
];
