// The api folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { api, onUnauthorized, REQUEST_TIMEOUT_MS, send } from './client';
export type { Answer, ApiError, HttpOptions } from './client';
export {
  authApi,
  avatarApi,
  avatarUrl,
  coplannerApi,
  followingApi,
  invitationApi,
  meApi,
  photoApi,
  photoUrl,
} from './endpoints';
export type { Credentials } from './endpoints';
export type { Coplanner, FollowEntry, Me, ProfileUpdate } from './types';
