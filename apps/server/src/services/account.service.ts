import { DOCUMENT_KINDS, emptyDocument } from '@mealplan/core';
import type { Repositories } from '../repositories/store.js';
import type { User } from '../repositories/user.repository.js';
import { newId } from '../security/tokens.js';
import type { ServiceDeps } from './deps.js';
import { toRows } from './document-layout.js';

/** Who a new account is created for. */
export interface NewOwner {
  email: string;
  passwordHash: string | null;
  firstName?: string;
  lastName?: string;
}

/**
 * Creates an account (household) on the configured plan with its owner and the four documents a
 * new account starts with (core's `emptyDocument`: default categories, one store). Runs inside the
 * caller's transaction so a failed sign-up leaves nothing behind.
 */
export async function createAccountWithOwner(
  tx: Repositories,
  deps: Pick<ServiceDeps, 'config' | 'now'>,
  owner: NewOwner,
): Promise<User> {
  const createdAt = deps.now().toISOString();
  const accountId = newId();
  await tx.accounts.create({ id: accountId, tenantName: '', plan: deps.config.plan, createdAt });
  const user: User = {
    id: newId(),
    accountId,
    ownAccountId: accountId,
    role: 'owner',
    email: owner.email.trim().toLowerCase(),
    firstName: owner.firstName ?? '',
    lastName: owner.lastName ?? '',
    passwordHash: owner.passwordHash,
    avatarEtag: null,
    createdAt,
  };
  await tx.users.create(user);
  for (const kind of DOCUMENT_KINDS) {
    const { meta, rows } = toRows(kind, emptyDocument(kind) as Record<string, unknown>);
    await tx.documents.create(accountId, kind, { version: 1, meta }, rows);
  }
  return user;
}
