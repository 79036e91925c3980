import { z } from 'zod';

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
  default_status: z.union([z.literal(0), z.literal(1)]),
});
export type Address = z.infer<typeof Address>;
