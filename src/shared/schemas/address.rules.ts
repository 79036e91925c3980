/** Address fields in form order (docs/product.md §3 Address); all required (docs/product.md §5). */
export const ADDRESS_FIELDS = [
  'name',
  'surname',
  'phone',
  'address',
  'area',
  'city',
  'province',
  'zip',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The form order in Chinese, where the surname comes before the given name. */
export const ADDRESS_FIELDS_ZH: readonly AddressField[] = [
  'surname',
  'name',
  ...ADDRESS_FIELDS.filter((f) => f !== 'name' && f !== 'surname'),
];
export const ADDRESS_FIELD_MAX = 120;
/** Digits with the usual separators; 7–15 digits (placeholder xxx-xxx-xxxx). */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,25}$/;
export const ZIP_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

export type AddressProblem = `required.${AddressField}` | 'phoneInvalid' | 'zipInvalid' | 'tooLong';

/**
 * The first problem of an address form, as a key of `errors:address.*` / the address namespace;
 * required fields are checked in `order`, the order the form shows them.
 */
export function addressProblem(
  values: Record<AddressField, string>,
  order: readonly AddressField[] = ADDRESS_FIELDS,
): AddressProblem | undefined {
  for (const field of order) {
    const value = values[field].trim();
    if (value === '') return `required.${field}`;
    if (value.length > ADDRESS_FIELD_MAX) return 'tooLong';
  }
  const phone = values.phone.trim();
  const digits = phone.replace(/\D/g, '').length;
  if (!PHONE_PATTERN.test(phone) || digits < 7 || digits > 15) return 'phoneInvalid';
  if (!ZIP_PATTERN.test(values.zip.trim())) return 'zipInvalid';
  return undefined;
}
