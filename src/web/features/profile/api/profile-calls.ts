import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/account';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { readUser, saveUser } from '../../../lib/storage';
import { HASHING_TIMEOUT_MS } from '../../account/api/account-calls';

/** The profile calls we add (README: API): who I am, name and avatar, password. */
export const userQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['user', token], queryFn: ({ signal }) => apiGet<User>('/api/user', {}, signal) });

export const avatarsQueryOptions = () =>
  queryOptions({
    queryKey: ['avatars'],
    queryFn: ({ signal }) => apiGet<string[]>('/api/avatars', {}, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const updateProfile = (change: { name?: string; avatar?: string }) =>
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

/** Keeps the stored user (spec §3) in step with what the server answered; the token stays. */
export function rememberUser(user: User, queryClient?: QueryClient): void {
  const stored = readUser();
  if (!stored) return;
  const next = { ...stored, name: user.name, email: user.email, avatar: user.avatar, uuid: user.uuid };
  if (JSON.stringify(next) !== JSON.stringify(stored)) saveUser(next);
  queryClient?.setQueryData(['user', stored.token], user);
}
