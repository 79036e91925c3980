/**
 * Address fields in form order (docs/product.md §3 Address); all required but the second line
 * (`area`, docs/product.md §5).
 */
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
/** Every field but the second line, which a house does not have (docs/product.md §5). */
export type RequiredAddressField = Exclude<AddressField, 'area'>;
/** Delivery instructions (gate code, leave at the door): optional, at most this many characters. */
export const INSTRUCTIONS_MAX = 300;
/** Digits with the usual separators; 7–15 digits (placeholder xxx-xxx-xxxx). */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,25}$/;
/** A US ZIP code: five digits, or ZIP+4 ("94105", "94105-1234"). */
export const ZIP_PATTERN = /^[0-9]{5}(-[0-9]{4})?$/;

export type AddressProblem =
  | `required.${RequiredAddressField}`
  | 'phoneInvalid'
  | 'zipInvalid'
  | 'tooLong'
  | 'instructionsTooLong';

/** An address as the form and the server check it: the fields and the optional instructions. */
export type AddressValues = Record<AddressField, string> & { instructions?: string };

function fieldProblem(field: AddressField, raw: string): AddressProblem | undefined {
  const value = raw.trim();
  if (value === '') return field === 'area' ? undefined : `required.${field}`;
  if (value.length > ADDRESS_FIELD_MAX) return 'tooLong';
  if (field === 'phone') {
    const digits = value.replace(/\D/g, '').length;
    if (!PHONE_PATTERN.test(value) || digits < 7 || digits > 15) return 'phoneInvalid';
  }
  if (field === 'zip' && !ZIP_PATTERN.test(value)) return 'zipInvalid';
  return undefined;
}

/** The instructions' problem: only their length (counted in characters, as a shopper counts). */
export function instructionsProblem(instructions: string): AddressProblem | undefined {
  return [...instructions.trim()].length > INSTRUCTIONS_MAX ? 'instructionsTooLong' : undefined;
}

/** Every field's problem, for messages under each field of the form. */
export function addressProblems(
  values: AddressValues,
): Partial<Record<AddressField | 'instructions', AddressProblem>> {
  const problems: Partial<Record<AddressField | 'instructions', AddressProblem>> = {};
  for (const field of ADDRESS_FIELDS) {
    const problem = fieldProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  const instructions = instructionsProblem(values.instructions ?? '');
  if (instructions) problems.instructions = instructions;
  return problems;
}

/**
 * The first problem of an address (the server's one message), as a key of `errors:address.*` / the
 * address namespace: missing or too long fields in `order`, the order the form shows them, then the
 * phone, then the ZIP code, then the instructions.
 */
export function addressProblem(
  values: AddressValues,
  order: readonly AddressField[] = ADDRESS_FIELDS,
): AddressProblem | undefined {
  const problems = addressProblems(values);
  const missing = order
    .map((field) => problems[field])
    .find((p) => p?.startsWith('required.') || p === 'tooLong');
  return missing ?? problems.phone ?? problems.zip ?? problems.instructions;
}

/**
 * A second address line worth printing: one with a letter or a digit. Before line 2 was optional,
 * houses typed "-" (docs/product.md, Addresses); such a line is left out wherever an address is shown.
 */
export function shownArea(area: string): string {
  return /[\p{L}\p{N}]/u.test(area) ? area.trim() : '';
}

/** A phone as shown: US ten-digit numbers as "(415) 555-0123" (also with a leading +1); others as typed. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || !PHONE_PATTERN.test(phone.trim())) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
