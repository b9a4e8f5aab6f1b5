/** Kysely table types. Each migration that adds a table adds its interface here. */

export interface AppSettingTable {
  key: string;
  value: string;
}

export interface Database {
  app_setting: AppSettingTable;
}
