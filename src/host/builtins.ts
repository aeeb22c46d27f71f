/**
 * Node built-in modules loaded when first used, not when the program starts.
 * The CLI's bundle runs every module's imports at start-up, and a short run
 * (0.16 to its proof, some 130 ms) paid about 2 ms to load built-ins it never
 * touched: node:v8 (with its heap snapshot streams) and node:fs/promises
 * (with readline, which file handles offer). Each getter loads its module
 * once, on the first call.
 */
import { createRequire } from 'node:module';

const nodeRequire = createRequire(import.meta.url);

function loadedOnUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= nodeRequire(name) as T);
}

export const v8 = loadedOnUse<typeof import('node:v8')>('node:v8');
export const fsPromises = loadedOnUse<typeof import('node:fs/promises')>('node:fs/promises');
export const net = loadedOnUse<typeof import('node:net')>('node:net');
