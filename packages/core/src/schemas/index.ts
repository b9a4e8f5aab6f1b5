/** schemas: filled in by its own piece of work. */
export {};
