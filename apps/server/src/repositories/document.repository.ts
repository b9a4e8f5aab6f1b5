import type { Kysely } from 'kysely';
import { chunk, lockRows } from '../db/dialect.js';
import type { Dialect } from '../db/database.js';
import { preparedQuery } from '../db/prepared.js';
import type { Database } from '../db/schema.js';

/** One stored entity of a document: `data` is its JSON text, exactly as served. */
export interface EntityRow {
  collection: string;
  id: string;
  data: string;
}

/** The per-(account, document) row: the version the ETag derives from, and the scalar members. */
export interface DocumentHead {
  version: number;
  /** JSON object text of the document's members that are not entity collections. */
  meta: string;
}

const selectHead = preparedQuery<{ accountId: string; doc: string }, DocumentHead>('document_head', (db, p) =>
  db
    .selectFrom('document_version')
    .select(['version', 'meta'])
    .where('account_id', '=', p.accountId)
    .where('doc', '=', p.doc),
);

/** SQL for documents stored as rows: `document_version` heads and `document_entity` rows. */
export class DocumentRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Creates a document with its first version and entities. */
  async create(accountId: string, doc: string, head: DocumentHead, rows: EntityRow[]): Promise<void> {
    await this.db
      .insertInto('document_version')
      .values({ account_id: accountId, doc, version: head.version, meta: head.meta })
      .execute();
    await this.upsert(accountId, doc, rows);
  }

  /** The document's head, if the document exists (every GET of a document, 304s included). */
  async head(accountId: string, doc: string): Promise<DocumentHead | undefined> {
    return (await selectHead(this.db, this.dialect, { accountId, doc })).rows[0];
  }

  /** The head, locked until the transaction ends, so concurrent pushes to one document serialise. */
  async lockHead(accountId: string, doc: string): Promise<DocumentHead | undefined> {
    const query = this.db
      .selectFrom('document_version')
      .select(['version', 'meta'])
      .where('account_id', '=', accountId)
      .where('doc', '=', doc);
    return lockRows(query, this.dialect).executeTakeFirst();
  }

  /** Versions of every document of these accounts. */
  async versions(accountIds: string[]): Promise<{ accountId: string; doc: string; version: number }[]> {
    if (accountIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('document_version')
      .select(['account_id', 'doc', 'version'])
      .where('account_id', 'in', accountIds)
      .execute();
    return rows.map((r) => ({ accountId: r.account_id, doc: r.doc, version: Number(r.version) }));
  }

  /** Every entity of the document, ordered by collection and id. */
  async entities(accountId: string, doc: string): Promise<EntityRow[]> {
    return this.db
      .selectFrom('document_entity')
      .select(['collection', 'entity_id as id', 'data'])
      .where('account_id', '=', accountId)
      .where('doc', '=', doc)
      .orderBy('collection')
      .orderBy('entity_id')
      .execute();
  }

  /** The stored JSON of the listed entities of one collection, by id (absent ids are left out). */
  async entitiesById(
    accountId: string,
    doc: string,
    collection: string,
    ids: string[],
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const part of chunk(ids, 1)) {
      const rows = await this.db
        .selectFrom('document_entity')
        .select(['entity_id', 'data'])
        .where('account_id', '=', accountId)
        .where('doc', '=', doc)
        .where('collection', '=', collection)
        .where('entity_id', 'in', part)
        .execute();
      for (const row of rows) found.set(row.entity_id, row.data);
    }
    return found;
  }

  /** How many entities a collection holds. */
  async count(accountId: string, doc: string, collection: string): Promise<number> {
    const row = await this.db
      .selectFrom('document_entity')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .where('doc', '=', doc)
      .where('collection', '=', collection)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * How many entities of a collection have `fragment` in their JSON text. LIKE escapes differ between
   * the dialects, so fragments with LIKE wildcards are refused rather than escaped.
   */
  async countContaining(
    accountId: string,
    doc: string,
    collection: string,
    fragment: string,
  ): Promise<number> {
    if (/[\\%_]/.test(fragment)) throw new Error(`Unsupported LIKE fragment: ${fragment}`);
    const pattern = `%${fragment}%`;
    const row = await this.db
      .selectFrom('document_entity')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .where('doc', '=', doc)
      .where('collection', '=', collection)
      .where((eb) => eb('data', 'like', pattern))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts or replaces entities. */
  async upsert(accountId: string, doc: string, rows: EntityRow[]): Promise<void> {
    for (const part of chunk(rows, 5)) {
      await this.db
        .insertInto('document_entity')
        .values(
          part.map((r) => ({
            account_id: accountId,
            doc,
            collection: r.collection,
            entity_id: r.id,
            data: r.data,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'doc', 'collection', 'entity_id'])
            .doUpdateSet((eb) => ({ data: eb.ref('excluded.data') })),
        )
        .execute();
    }
  }

  /** Deletes the listed entities of one collection. */
  async remove(accountId: string, doc: string, collection: string, ids: string[]): Promise<void> {
    for (const part of chunk(ids, 1)) {
      await this.db
        .deleteFrom('document_entity')
        .where('account_id', '=', accountId)
        .where('doc', '=', doc)
        .where('collection', '=', collection)
        .where('entity_id', 'in', part)
        .execute();
    }
  }

  /** Writes a new head: the next version and the scalar members. */
  async setHead(accountId: string, doc: string, head: DocumentHead): Promise<void> {
    await this.db
      .updateTable('document_version')
      .set({ version: head.version, meta: head.meta })
      .where('account_id', '=', accountId)
      .where('doc', '=', doc)
      .execute();
  }
}
