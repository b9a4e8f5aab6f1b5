import type sharp from 'sharp';

/** sharp's entry: the function that opens an image. */
export type Sharp = typeof sharp;

let loading: Promise<Sharp> | undefined;

/**
 * sharp, loaded on first use and kept: its native library costs about a third of a second to load,
 * and the server's start-up and most requests never touch an image (bench/README.md "server-start").
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
