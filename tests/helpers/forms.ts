/** The forms a test shopper fills in, shared by API tests, browser tests and benches. */

/** An address form of docs/product.md §5. */
export const ADDRESS = {
  name: 'Mei',
  surname: 'Lin',
  phone: '415-555-0132',
  address: '88 Grant Avenue',
  area: 'Apt 3B',
  city: 'San Francisco',
  province: 'CA',
  zip: '94108',
};

/** A card payment's billing address, as the pay form sends it (docs/product.md §5). */
export const BILLING = {
  'billing[firstName]': 'Mei',
  'billing[lastName]': 'Lin',
  'billing[address]': '88 Grant Avenue',
  'billing[city]': 'San Francisco',
  'billing[state]': 'CA',
  'billing[zip]': '94108',
};
