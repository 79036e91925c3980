import { useMutation } from '@tanstack/react-query';
import type { NoAnswer, SignInAnswer } from '#shared/schemas/admin/staff.zod';
import { adminRequest } from '../../../lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
  /** The authenticator app's code, once the server asked for it (`needsCode`). */
  code?: string;
}

export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) =>
      adminRequest<SignInAnswer>('/api/admin/sign-in', {
        method: 'POST',
        body: { ...input },
      }),
  });
}

/** Sets the password from a one-time link (`staff add` or an invitation). */
export function useSetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      adminRequest<NoAnswer>('/api/admin/password/set', { method: 'POST', body: input }),
  });
}
