/**
 * The catalogues are many small tables made one. Object spread (`{ ...a, ...b }`) builds such a
 * table slowly: V8 gives the object a new shape at every key until it turns into a dictionary, and
 * for the 700 messages that cost about 1 ms of every start, twice (English and Chinese).
 * Object.assign copies into one object in a single pass (0.1 ms); the result is the same, key order
 * included, and the type is what the spread's would be.
 */

/** The parts as one object, later keys winning as in a spread. */
type Merged<T extends readonly object[]> = T extends readonly [infer First, ...infer Rest extends readonly object[]] ? First & Merged<Rest> : unknown;

/** One object with every part's keys, in order (a later part's key wins, as in `{ ...a, ...b }`). */
export function merged<const T extends readonly object[]>(...parts: T): Merged<T> {
  return Object.assign({}, ...parts) as Merged<T>;
}
