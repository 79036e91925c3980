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
/** A US ZIP code: five digits, or ZIP+4 ("94105", "94105-1234"). */
export const ZIP_PATTERN = /^[0-9]{5}(-[0-9]{4})?$/;

export type AddressProblem = `required.${AddressField}` | 'phoneInvalid' | 'zipInvalid' | 'tooLong';

function fieldProblem(field: AddressField, raw: string): AddressProblem | undefined {
  const value = raw.trim();
  if (value === '') return `required.${field}`;
  if (value.length > ADDRESS_FIELD_MAX) return 'tooLong';
  if (field === 'phone') {
    const digits = value.replace(/\D/g, '').length;
    if (!PHONE_PATTERN.test(value) || digits < 7 || digits > 15) return 'phoneInvalid';
  }
  if (field === 'zip' && !ZIP_PATTERN.test(value)) return 'zipInvalid';
  return undefined;
}

/** Every field's problem, for messages under each field of the form. */
export function addressProblems(
  values: Record<AddressField, string>,
): Partial<Record<AddressField, AddressProblem>> {
  const problems: Partial<Record<AddressField, AddressProblem>> = {};
  for (const field of ADDRESS_FIELDS) {
    const problem = fieldProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * The first problem of an address (the server's one message), as a key of `errors:address.*` / the
 * address namespace: missing or too long fields in `order`, the order the form shows them, then the
 * phone, then the ZIP code.
 */
export function addressProblem(
  values: Record<AddressField, string>,
  order: readonly AddressField[] = ADDRESS_FIELDS,
): AddressProblem | undefined {
  const problems = addressProblems(values);
  const missing = order
    .map((field) => problems[field])
    .find((p) => p?.startsWith('required.') || p === 'tooLong');
  return missing ?? problems.phone ?? problems.zip;
}

/** A phone as shown: US ten-digit numbers as "(415) 555-0123" (also with a leading +1); others as typed. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || !PHONE_PATTERN.test(phone.trim())) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
