import type { ValueArray } from '../core/kernels/store.js';

/** A format that writes while a heap table is computed: the text to write as G(0..count-1) stand computed. */
export interface Progressive {
  onValues(values: ValueArray, count: number): string;
}
