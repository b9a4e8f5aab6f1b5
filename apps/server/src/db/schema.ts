/**
 * Kysely table types. Each migration that adds a table adds its interface here. Timestamps are
 * ISO-8601 UTC strings and booleans 0/1 integers on both dialects.
 */

export interface AppSettingTable {
  key: string;
  value: string;
}

export interface AccountTable {
  id: string;
  tenant_name: string;
  plan: string;
  created_at: string;
}

export interface AppUserTable {
  id: string;
  account_id: string;
  own_account_id: string;
  role: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  avatar_etag: string | null;
  created_at: string;
}

export interface SessionTable {
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface PasswordTokenTable {
  id: string;
  user_id: string;
  token_hash: string;
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ExtensionTokenTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CalendarFeedTokenTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface FollowTable {
  id: string;
  follower_id: string;
  followed_id: string;
  is_approved: number;
  created_at: string;
}

export interface CoplannerInvitationTable {
  id: string;
  account_id: string;
  inviter_id: string;
  invitee_id: string;
  created_at: string;
  /** What the inviter typed (null for invitations made before this was kept). */
  invited_first_name: string | null;
  invited_last_name: string | null;
}

export interface DocumentVersionTable {
  account_id: string;
  doc: string;
  version: number;
  /** JSON object: the document's members that are not entity collections (e.g. `hash`). */
  meta: string;
}

export interface DocumentEntityTable {
  account_id: string;
  doc: string;
  collection: string;
  entity_id: string;
  /** JSON of one entity (a recipe, category, day, store) or of one note's text. */
  data: string;
}

export interface IdempotencyKeyTable {
  account_id: string;
  idem_key: string;
  doc: string;
  etag: string;
  created_at: string;
}

export interface ScrapedRecipeTable {
  id: string;
  account_id: string;
  user_id: string;
  data: string;
  created_at: string;
}

export interface AvatarTable {
  user_id: string;
  etag: string;
  image: Buffer;
  updated_at: string;
}

export interface RecipePhotoTable {
  id: string;
  account_id: string;
  thumb: Buffer;
  display: Buffer;
  created_at: string;
}

export interface RecipeImportJobTable {
  account_id: string;
  id: string;
  user_id: string;
  state: string;
  format: string;
  total: number;
  processed: number;
  added: number;
  replaced: number;
  skipped: number;
  over_limit: number;
  without_photo: number;
  error: string | null;
  started_at: string;
  heartbeat_at: string;
  finished_at: string | null;
}

/** PostgreSQL only (migration 0008). */
export interface RateLimitTable {
  key: string;
  hits: number;
  resets_at: number;
}

export interface Database {
  app_setting: AppSettingTable;
  account: AccountTable;
  app_user: AppUserTable;
  session: SessionTable;
  password_token: PasswordTokenTable;
  extension_token: ExtensionTokenTable;
  calendar_feed_token: CalendarFeedTokenTable;
  follow: FollowTable;
  coplanner_invitation: CoplannerInvitationTable;
  document_version: DocumentVersionTable;
  document_entity: DocumentEntityTable;
  idempotency_key: IdempotencyKeyTable;
  scraped_recipe: ScrapedRecipeTable;
  avatar: AvatarTable;
  recipe_photo: RecipePhotoTable;
  recipe_import_job: RecipeImportJobTable;
  rate_limit: RateLimitTable;
}
