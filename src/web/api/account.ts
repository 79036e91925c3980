import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { LoginAnswer, User } from '#shared/schemas/account';
import type { WhenMissing } from '#shared/schemas/cart';
import { apiGet, apiRequest } from '../lib/api-client';
import { readUser, saveUser } from '../lib/storage';

// The account module's calls (docs/api.md): sign-up, sign-in, reset, sign-out, profile, avatar, password.

/** Calls that hash a password (scrypt, 128 MiB) may take seconds on a busy server. */
export const HASHING_TIMEOUT_MS = 20_000;

/** Account calls of docs/product.md §7. Secrets travel in a urlencoded body, never in the URL (docs/architecture.md §4). */
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

/** The profile calls we add (docs/api.md): who I am, name and avatar, password. */
export const userQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['user', token], queryFn: ({ signal }) => apiGet<User>('/api/user', {}, signal) });

export const avatarsQueryOptions = () =>
  queryOptions({
    queryKey: ['avatars'],
    queryFn: ({ signal }) => apiGet<string[]>('/api/avatars', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const updateProfile = (change: { name?: string; avatar?: string; when_missing?: WhenMissing }) =>
  apiRequest<User>('/api/user', { method: 'PATCH', form: change });

export function uploadAvatar(file: File): Promise<User> {
  const multipart = new FormData();
  multipart.append('file', file);
  return apiRequest<User>('/api/user/avatar', { method: 'POST', multipart, timeoutMs: HASHING_TIMEOUT_MS });
}

export const changePassword = (oldPassword: string, password: string) =>
  apiRequest<null>('/api/user/password', {
    method: 'PUT',
    form: { old_password: oldPassword, password },
    timeoutMs: HASHING_TIMEOUT_MS,
  });

/** `POST /api/quit`: revokes the token. */
export const signOut = () => apiRequest<null>('/api/quit', { method: 'POST' });

/** Keeps the stored user (docs/product.md §3) in step with what the server answered; the token stays. */
export function rememberUser(user: User, queryClient?: QueryClient): void {
  const stored = readUser();
  if (!stored) return;
  const next = { ...stored, name: user.name, email: user.email, avatar: user.avatar, uuid: user.uuid };
  if (JSON.stringify(next) !== JSON.stringify(stored)) saveUser(next);
  queryClient?.setQueryData(['user', stored.token], user);
}
