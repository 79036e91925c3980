import { z } from 'zod';
import { ADDRESS_FIELDS, type AddressField, addressProblem } from './address.rules';
import { formFields, type RefinementContext, refuse, Text, UuidParam } from './common.zod';

/* Requests (docs/api.md, Addresses). */

const FIELDS = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, Text()])) as Record<
  AddressField,
  ReturnType<typeof Text>
>;
const DEFAULT_FLAGS = ['0', '1', 'true', 'false'];

const ADDRESS_FORM = { ...FIELDS, instructions: Text(), default_status: z.unknown().optional() };

/** The form's fields and `default_status`, checked in the order the form shows them (docs/product.md §5). */
function checkedAddress<
  T extends Record<AddressField, string> & { instructions: string; default_status?: unknown },
>(v: T, ctx: RefinementContext): Omit<T, 'default_status'> & { default_status: boolean } {
  const problem = addressProblem(v);
  if (problem) return refuse(ctx, `errors:address.${problem}`);
  const flag = v.default_status ?? '0';
  if (typeof flag !== 'string' || !DEFAULT_FLAGS.includes(flag))
    return refuse(ctx, 'field', ['default_status']);
  return { ...v, default_status: flag === '1' || flag === 'true' };
}

export const NewAddressInput = formFields(ADDRESS_FORM).transform(checkedAddress);
/** `PATCH /api/address`: the address's `uuid` and the whole form. */
export const AddressChangeInput = formFields({ uuid: UuidParam, ...ADDRESS_FORM }).transform(checkedAddress);
export const AddressParams = z.object({ uuid: UuidParam });

/* Answers. */

export const Address = z.object({
  uuid: z.string(),
  name: z.string(),
  surname: z.string(),
  phone: z.string(),
  address: z.string(),
  area: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  /** Delivery instructions; "" when none. */
  instructions: z.string(),
  default_status: z.union([z.literal(0), z.literal(1)]),
});
export type Address = z.infer<typeof Address>;
