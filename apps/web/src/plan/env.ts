/**
 * The browser's inputs for core's action creators (uuids and the clock), as the data layer defines
 * them, so every screen stamps actions the same way.
 */
export { browserEnv } from '../data';
