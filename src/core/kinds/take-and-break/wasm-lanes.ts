/**
 * One shared WebAssembly memory for the threads build of the rare/common
 * kernel (wasm/sparse-threads.wasm, see scripts/build-wasm.mjs): the main
 * thread's instance and every worker's run over it, so that the workers read
 * the values the main thread computes where they are, with no copy of their own.
 * The memory is cut into lanes, one an instance (lane 0 is the main thread's),
 * and the values come after the last lane:
 *
 *   lane i:  [stack][thread-local block][rare_g][rare_g16][the instance's areas]
 *   then:    G(0), G(1), ... (one byte a value while they are small, then two), growing with the memory
 *
 * Each instance sets its own stack pointer, thread-local block and largest
 * tables (lane_tables in sparse.c) to its lane's: the C code's statics are
 * thread-local in this build, so no instance writes where another reads. A
 * page no instance touches takes no memory, so a lane costs only what its
 * instance uses.
 */

/** What a worker needs to run an instance over the main thread's memory (it can be posted to a worker thread). */
export interface SharedKernel {
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  /** Instances the memory has lanes for: the main thread's and its workers'. */
  readonly lanes: number;
}

/** Where an instance's own areas start, and the values (the same for every lane). */
export interface Lane {
  readonly areasAt: number;
  readonly valuesAt: number;
}

/** The exports of the threads build that place an instance in its lane. */
interface LaneExports {
  readonly __heap_base: WebAssembly.Global;
  readonly __tls_size: WebAssembly.Global;
  readonly __tls_align: WebAssembly.Global;
  readonly __stack_pointer: WebAssembly.Global;
  readonly __wasm_init_tls: (at: number) => void;
  readonly lane_tables: (small: number, wide: number) => void;
}

/** A lane's stack: the plain build's linker gives its one stack as much. */
const STACK_BYTES = 1 << 16;
/** The most rare heaps the module holds: entries of rare_g (bytes) and rare_g16 (uint16), RARE_CAPACITY in sparse.c. */
export const RARE_CAPACITY = 1 << 22;
const PAGE = 65536;
/** A shared memory declares its most pages: wasm32's 4 GiB. */
const MAX_PAGES = 65536;
/** The pages the threads build asks its memory to start with (--initial-memory in scripts/build-wasm.mjs). */
const INITIAL_PAGES = 16;

const align16 = (at: number): number => (at + 15) & ~15;

/**
 * A shared memory for `lanes` instances of `module` (the threads build), and the main thread's instance on lane 0;
 * null where shared memory cannot be had (no SharedArrayBuffer, or an address space too small to reserve it).
 */
export function sharedInstance(module: WebAssembly.Module, lanes: number, areaBytes: number): { instance: WebAssembly.Instance; shared: SharedKernel; lane: Lane } | null {
  let memory: WebAssembly.Memory;
  let instance: WebAssembly.Instance;
  try {
    memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAX_PAGES, shared: true });
    instance = new WebAssembly.Instance(module, { env: { memory } });
  } catch (error) {
    // No room for the reservation (an address-space limit), or no shared memory on this platform. (A LinkError is a broken build: it is thrown.)
    if (error instanceof RangeError || error instanceof TypeError) return null;
    throw error;
  }
  const shared = { module, memory, lanes };
  // Every lane exists before any instance enters one (their thread-local blocks are written as they do).
  const { valuesAt } = laneOf(instance, 0, lanes, areaBytes);
  const have = memory.buffer.byteLength;
  try {
    if (valuesAt > have) memory.grow(Math.ceil((valuesAt - have) / PAGE));
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  return { instance, shared, lane: enterLane(instance, 0, lanes, areaBytes) };
}

/** A worker's instance over the shared memory, on lane `lane` (1 and up). */
export function joinedInstance(shared: SharedKernel, lane: number, areaBytes: number): { instance: WebAssembly.Instance; lane: Lane } {
  if (lane < 1 || lane >= shared.lanes) throw new RangeError(`lane ${lane} of a memory with ${shared.lanes} lanes`);
  const instance = new WebAssembly.Instance(shared.module, { env: { memory: shared.memory } });
  return { instance, lane: enterLane(instance, lane, shared.lanes, areaBytes) };
}

/** Where lane `lane`'s parts lie, for instances whose areas take `areaBytes`. */
function laneOf(instance: WebAssembly.Instance, lane: number, lanes: number, areaBytes: number): Lane & { stackTop: number; tlsAt: number; smallAt: number; wideAt: number } {
  const x = instance.exports as unknown as LaneExports;
  const tlsAlign = x.__tls_align.value as number;
  if (tlsAlign > 16) throw new RangeError(`a thread-local block aligned to ${tlsAlign} bytes (lanes align to 16)`);
  const tlsBytes = align16(x.__tls_size.value as number);
  const laneBytes = align16(STACK_BYTES + tlsBytes + 3 * RARE_CAPACITY + areaBytes);
  const first = align16(x.__heap_base.value as number);
  const at = first + lane * laneBytes;
  const tlsAt = at + STACK_BYTES;
  const smallAt = tlsAt + tlsBytes;
  const wideAt = smallAt + RARE_CAPACITY;
  return { stackTop: tlsAt, tlsAt, smallAt, wideAt, areasAt: wideAt + 2 * RARE_CAPACITY, valuesAt: first + lanes * laneBytes };
}

/** Put the instance in its lane: its stack, its thread-local block (initialised), its largest tables. */
function enterLane(instance: WebAssembly.Instance, lane: number, lanes: number, areaBytes: number): Lane {
  const x = instance.exports as unknown as LaneExports;
  const parts = laneOf(instance, lane, lanes, areaBytes);
  x.__stack_pointer.value = parts.stackTop;
  x.__wasm_init_tls(parts.tlsAt);
  x.lane_tables(parts.smallAt, parts.wideAt);
  return { areasAt: parts.areasAt, valuesAt: parts.valuesAt };
}
