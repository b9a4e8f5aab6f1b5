export * from './merge-patch.js';
