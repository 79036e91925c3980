import { z } from 'zod';

/** The user as the browser keeps it after sign-in (spec §3), and the sign-in answer. */
export const User = z.object({
  uuid: z.string(),
  email: z.string(),
  name: z.string(),
  avatar: z.string(),
});
export type User = z.infer<typeof User>;
export const LoginAnswer = User.extend({ token: z.string() });
export type LoginAnswer = z.infer<typeof LoginAnswer>;
