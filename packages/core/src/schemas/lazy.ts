/**
 * Schemas built on first use. Building a zod schema (an object schema above all) costs far more than
 * declaring a function: core's modules held about forty of them, all built when the module was
 * imported, so every program paid for all of them at start, the web app on its way to the first
 * render and the server before it listened, whether it ever validated that shape or not.
 * `lazySchema(build)` returns a stand-in that builds the schema the first time anything reads from
 * it (`.parse`, `.safeParse`, `.shape`, `.omit`, being embedded in another schema that is then
 * used) and forwards to it from then on, so the exported names, their types and every message stay
 * the same (docs/ARCHITECTURE.md "Large accounts").
 */

/** The schema `build()` returns, built on first use. Call it as `/* @__PURE__ *\/ lazySchema(...)`. */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  const standIn = new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property as non-configurable that its (empty) target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
  builders.set(standIn, schema);
  return standIn;
}

const builders = new WeakMap<object, () => object>();

/**
 * The schema behind a `lazySchema` stand-in (built now), or `schema` itself. Schemas are composed
 * from what this returns, so a parse reaches every nested schema directly rather than through a
 * stand-in's forwarding on each read.
 */
export function built<T extends object>(schema: T): T {
  const build = builders.get(schema);
  return build ? (build() as T) : schema;
}
