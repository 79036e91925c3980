import type { LoginAnswer } from '../../../../shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';

/** Calls that hash a password (scrypt, 128 MiB) may take seconds on a busy server. */
export const HASHING_TIMEOUT_MS = 20_000;

/** Account calls of spec §7. Secrets travel in a urlencoded body, never in the URL (DESIGN §4). */
export const signIn = (email: string, password: string) =>
  apiRequest<LoginAnswer>('/api/login', {
    method: 'POST',
    form: { email, password },
    timeoutMs: HASHING_TIMEOUT_MS,
  });

export const sendSignUpCode = (email: string) =>
  apiRequest<null>('/api/buy/email', { method: 'POST', form: { email }, timeoutMs: HASHING_TIMEOUT_MS });

export const register = (form: { email: string; code: string; name: string; password: string }) =>
  apiRequest<unknown>('/api/buy/registration', { method: 'POST', form, timeoutMs: HASHING_TIMEOUT_MS });

export const sendResetCode = (email: string) =>
  apiRequest<null>('/api/buy/found/password', {
    method: 'POST',
    form: { email },
    timeoutMs: HASHING_TIMEOUT_MS,
  });

export const resetPassword = (form: { email: string; code: string; password: string }) =>
  apiRequest<null>('/api/buy/found/password', { method: 'PUT', form, timeoutMs: HASHING_TIMEOUT_MS });
