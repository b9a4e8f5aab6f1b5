/** The calls of docs/BEHAVIOUR.md §7 that the shell, sign-in pages and settings make, one function each. */
import { api, request } from './client';
import type { Coplanner, FollowEntry, Me, ProfileUpdate } from './types';

export interface Credentials {
  email: string;
  password: string;
}

export const authApi = {
  login: (body: Credentials) => api.post('/apx/auth/login', body, { read: 'none' }),
  register: (body: Credentials) => api.post('/apx/auth/register', body, { read: 'none' }),
  logout: () => api.post('/apx/auth/logout', undefined, { read: 'none' }),
  resetPassword: (email: string) => api.post('/apx/auth/reset-password', { email }, { read: 'none' }),
  setPassword: (body: { email: string; otp: string; password: string }) =>
    api.post('/apx/auth/set-password', body, { read: 'none' }),
  changePassword: (body: { currentPassword: string; password: string }) =>
    api.post('/api/auth/change-password', body, { read: 'none' }),
  /** The answer's text is the token the browser extension posts scraped recipes with. */
  chromeExtensionToken: () => api.get<string>('/api/auth/chrome-extension-token', { read: 'text' }),
};

export const meApi = {
  get: () => api.get<Me>('/api/me'),
  update: (body: ProfileUpdate) => api.put<Me>('/api/me', body),
};

export const coplannerApi = {
  list: () => api.get<Coplanner[]>('/api/coplanners'),
  add: (body: { email: string; firstName: string; lastName: string }) =>
    api.post<Coplanner>('/api/coplanners', body),
  remove: (userId: string) => api.delete(`/api/coplanners/${encodeURIComponent(userId)}`, { read: 'none' }),
};

export const followingApi = {
  follow: (email: string) => api.post<Partial<FollowEntry> | undefined>('/api/following/follow', { email }),
  unfollow: (userId: string) => api.post('/api/following/unfollow', { userId }, { read: 'none' }),
  approve: (id: string, userId: string) =>
    api.post(`/api/following/approve/${encodeURIComponent(id)}`, { userId }, { read: 'none' }),
  decline: (id: string, userId: string) =>
    api.post(`/api/following/decline/${encodeURIComponent(id)}`, { userId }, { read: 'none' }),
};

export const invitationApi = {
  approve: (id: string) =>
    api.post(`/api/verifications/approve/${encodeURIComponent(id)}`, undefined, { read: 'none' }),
  decline: (id: string) =>
    api.post(`/api/verifications/decline/${encodeURIComponent(id)}`, undefined, { read: 'none' }),
};

export const avatarApi = {
  /** Uploads a JPEG; the answer's Etag header is the new avatarEtag. */
  upload: (jpeg: Blob) =>
    request('POST', '/api/avatar', { body: jpeg, contentType: 'application/octet-stream', read: 'none' }),
};

/** Where a user's avatar image is; the default picture when they have not uploaded one. */
export function avatarUrl(user: { id?: string; userId?: string; avatarEtag?: string | null }): string {
  const id = user.userId ?? user.id;
  if (!user.avatarEtag || !id) return DEFAULT_AVATAR_URL;
  return `/api/avatar/${encodeURIComponent(id)}/${encodeURIComponent(user.avatarEtag)}`;
}

export const DEFAULT_AVATAR_URL = '/images/avatar.jpeg';

export const photoApi = {
  /** Uploads a recipe photo (any image; the server re-encodes it) and answers its id. */
  upload: (image: Blob) =>
    request<{ photoId: string }>('POST', '/api/photos', {
      body: image,
      contentType: 'application/octet-stream',
    }),
  /** Copies a photo the user may see (a followed user's recipe) into their own account. */
  copy: (photoId: string) => api.post<{ photoId: string }>('/api/photos/copies', { photoId }),
};

/** Where a recipe photo is served: `thumb` is a 160 px square, `display` at most 1280 px. */
export function photoUrl(photoId: string, size: 'thumb' | 'display'): string {
  return `/api/photos/${encodeURIComponent(photoId)}/${size}`;
}
