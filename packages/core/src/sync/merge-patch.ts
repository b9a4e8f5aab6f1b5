/**
 * RFC 7386 JSON Merge Patch: the one change format of the sync protocol. The client pushes the patch
 * from its last server copy to its local copy; the server applies it to the stored document.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Applies `patch` to `target` per RFC 7386 without mutating either; `null` deletes a member. */
export function applyMergePatch<T = Json>(target: unknown, patch: unknown): T {
  if (!isObject(patch)) return patch as T;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result as T;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

/**
 * The smallest merge patch turning `from` into `to`: unchanged members are left out, removed members
 * become `null`, objects are diffed member by member, anything else is replaced whole. Returns
 * `undefined` when nothing changed. Values that are `null` in `to` cannot be expressed by a merge
 * patch, so documents never store `null` (absent means empty).
 */
export function createMergePatch(from: unknown, to: unknown): Json | undefined {
  if (deepEqual(from, to)) return undefined;
  if (!isObject(from) || !isObject(to)) return to as Json;
  const patch: JsonObject = {};
  for (const key of Object.keys(from)) if (!(key in to) || to[key] === undefined) patch[key] = null;
  for (const [key, value] of Object.entries(to)) {
    if (value === undefined) continue;
    const sub = createMergePatch(from[key], value);
    if (sub !== undefined) patch[key] = sub;
  }
  return Object.keys(patch).length ? patch : undefined;
}
