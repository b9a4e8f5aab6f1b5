import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/** What a prepared query's build function gets in place of each parameter. */
type Placeholders<P> = { readonly [K in keyof P]: P[K] };

/** `database.ts`'s Dialect, spelled out: that module sends these queries, so it cannot be imported here. */
type Dialect = 'sqlite' | 'postgres';

const MARK = '\u0000mealplan-param:';

/** The SQL texts of prepared queries on PostgreSQL, with the name each is prepared under there. */
const pgStatementNames = new Map<string, string>();

/**
 * The PostgreSQL statement name of a prepared query's SQL, or undefined for any other SQL. The pool
 * (`database.ts`) sends these as named statements, so each connection parses and plans them once.
 */
export function pgStatementName(sql: string): string | undefined {
  return pgStatementNames.get(sql);
}

/**
 * What `database.ts` registers for a SQLite database: its prepared reads outside transactions, run at
 * once, and the stamp of what the connection can see (both answer undefined when they cannot).
 */
export interface SqliteAccess {
  /**
   * Runs a read on the SQLite connection at once, or answers undefined when it cannot (a transaction
   * is open on the connection, or the statement writes): then the query goes through Kysely's driver.
   */
  read(sql: string, parameters: readonly unknown[]): unknown[] | undefined;
  /**
   * A number that stays the same exactly as long as nothing may have changed in the database since
   * it was last asked: any write made through this connection, and any commit made through another
   * connection (another process on the same file included: SQLite's `PRAGMA data_version`), makes
   * it change. Undefined while a transaction is open on the connection. For in-memory copies of what
   * a read found, good while the stamp they were read under is the current one.
   */
  stamp(): number | undefined;
}

/** The access of each SQLite database's Kysely instance (`database.ts` registers it on opening). */
const sqliteAccess = new WeakMap<object, SqliteAccess>();

/** Lets prepared queries on this Kysely instance run on its SQLite connection directly. */
export function registerSqliteAccess(db: object, access: SqliteAccess): void {
  sqliteAccess.set(db, access);
}

/** The SQLite access of this Kysely instance, or undefined (PostgreSQL). */
export function sqliteAccessOf(db: object): SqliteAccess | undefined {
  return sqliteAccess.get(db);
}

/** A prepared query: run through Kysely (a promise), or `now`, on SQLite only, synchronously. */
export interface PreparedQuery<P, R> {
  (db: Kysely<Database>, dialect: Dialect, params: P): Promise<QueryResult<R>>;
  /**
   * The rows at once, on the SQLite connection, or undefined when that cannot be done now
   * (PostgreSQL, or a transaction open on the connection): then call the query itself. Errors throw.
   */
  now(db: Kysely<Database>, dialect: Dialect, params: P): R[] | undefined;
}

/**
 * A query on a hot path (docs/ARCHITECTURE.md "Database"), built and compiled to SQL once per
 * dialect instead of on every call: `build` runs once with placeholders for the parameters, and each
 * call sends the compiled SQL with the call's values. On SQLite the statement cache of `database.ts`
 * keeps the prepared statement; on PostgreSQL the SQL is sent as a named prepared statement.
 * On SQLite a read outside a transaction runs on the connection directly, without the driver's
 * queue: better-sqlite3 runs a statement to its end synchronously, so nothing can come between, and
 * in a transaction (which holds the driver's connection across awaits) it waits its turn as before.
 * The query's shape must not depend on the parameters' values (no `if` on them in `build`).
 */
export function preparedQuery<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Kysely<Database>, params: Placeholders<P>) => Compilable<R>,
): PreparedQuery<P, R> {
  const compiled = new Map<
    Dialect,
    { sql: string; slots: (string | { value: unknown })[]; query: CompiledQuery<R> }
  >();
  const compile = (db: Kysely<Database>, dialect: Dialect, params: P) => {
    let entry = compiled.get(dialect);
    if (!entry) {
      const placeholders = Object.fromEntries(
        Object.keys(params).map((k) => [k, `${MARK}${k}`]),
      ) as Placeholders<P>;
      const query = build(db, placeholders).compile();
      const slots = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(MARK) ? p.slice(MARK.length) : { value: p },
      );
      entry = { sql: query.sql, slots, query };
      compiled.set(dialect, entry);
      if (dialect === 'postgres') pgStatementNames.set(query.sql, `mealplan_${name}`);
    }
    const parameters = entry.slots.map((slot) => (typeof slot === 'string' ? params[slot] : slot.value));
    return { entry, parameters };
  };
  const now = (db: Kysely<Database>, dialect: Dialect, params: P): R[] | undefined => {
    const access = dialect === 'sqlite' ? sqliteAccess.get(db) : undefined;
    if (!access) return undefined;
    const { entry, parameters } = compile(db, dialect, params);
    return access.read(entry.sql, parameters) as R[] | undefined;
  };
  const run = (db: Kysely<Database>, dialect: Dialect, params: P): Promise<QueryResult<R>> => {
    const { entry, parameters } = compile(db, dialect, params);
    const access = dialect === 'sqlite' ? sqliteAccess.get(db) : undefined;
    if (access) {
      try {
        const rows = access.read(entry.sql, parameters);
        if (rows) return Promise.resolve({ rows: rows as R[] });
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return db.executeQuery({ ...entry.query, parameters });
  };
  return Object.assign(run, { now });
}
