import { formatCount } from '../core/numbers.js';
/**
 * Reports of a position: each component with its value, the nim-sum, the
 * outcome in words, and every winning move in the canonical order (the first
 * is the answer to "which move wins?"). Table, CSV (the outcome, then one
 * row per winning move) and JSON.
 */
import { CUT_HEAP_SHOWN, shownMoves, type PositionReport } from '../core/positions/position.js';
import { ruleTitle } from '../core/rules/spec.js';
import { groundsByKind, groundWords, type Ground } from '../core/laws/ground.js';
import { csvLine } from '../core/csv-field.js';
import type { Sink } from '../core/sink.js';
import { entryLines, type Entry } from './wrap.js';

const COMPONENTS_SHOWN = 24;
const MOVES_SHOWN = 50;

type AnyPosition = PositionReport<unknown>;

export function outcomeWords(p: AnyPosition): string {
  if (p.outcome === 'D') return 'neither player can force a win: a draw with best play (a D-position)';
  const who = p.outcome === 'N' ? 'the first player (to move) wins' : 'the second player wins';
  return `${who}: ${p.outcome === 'N' ? 'an N-position' : 'a P-position'}${p.misere ? ' in misère play (the last mover loses)' : ''}`;
}

/** Each ground the shown components have, with the components that have it ("G(3), G(6): computed …"). */
function groundsText(p: AnyPosition): string {
  const byGround = new Map<Ground, string[]>();
  for (const c of p.components.slice(0, COMPONENTS_SHOWN)) {
    const states = byGround.get(c.ground) ?? [];
    states.push(c.grundy === null ? p.show(c.state) : `G(${p.show(c.state)})`);
    byGround.set(c.ground, states);
  }
  if (byGround.size === 1) return groundWords([...byGround.keys()][0]!);
  return [...byGround].map(([ground, states]) => `${states.join(', ')}: ${groundWords(ground)}`).join('; ');
}

/** What the table of a position says: its fields, each winning move shown on a line of its own. */
export function positionEntries(p: AnyPosition): Entry[] {
  const lines: Entry[] = [];
  const field = (label: string, text: string) => lines.push([label, text]);
  // A long position is shown by its first components (a position read from standard input keeps only those).
  const total = p.componentCount ?? p.components.length;
  const states = p.components.slice(0, COMPONENTS_SHOWN + 1).map((c) => p.show(c.state));
  const cut = (items: string[]) => (total > COMPONENTS_SHOWN ? `${items.slice(0, COMPONENTS_SHOWN).join(' ')} … (${formatCount(total)} in all)` : items.join(' '));
  field('Rule', ruleTitle(p.rule));
  field('Position', cut(states));
  if (p.components.every((c) => c.grundy !== null)) {
    const values = p.components.slice(0, COMPONENTS_SHOWN).map((c) => `G(${p.show(c.state)}) = ${c.grundy}`);
    field('Values', total > COMPONENTS_SHOWN ? `${values.join(', ')}, …` : values.join(', '));
  }
  if (p.nimSum !== null) {
    const terms = p.components.slice(0, COMPONENTS_SHOWN + 1).map((c) => String(c.grundy));
    field('Nim-sum', total > 1 && total <= COMPONENTS_SHOWN ? `${terms.join(' xor ')} = ${p.nimSum}` : String(p.nimSum));
  }
  field(p.components.length > 1 ? 'Grounds' : 'Ground', groundsText(p));
  field('Outcome', outcomeWords(p));
  if (p.outcome === 'N') {
    const count = p.winningMoveCount ?? BigInt(p.winningMoves.length);
    const shown = movesShown(p);
    const apart = p.cutHeaps?.map((h) => h.component);
    const cut = apart ? ` (${shown.length} shown: at most ${CUT_HEAP_SHOWN} of heap ${apart.join(', ')})` : count > MOVES_SHOWN ? ` (the first ${MOVES_SHOWN} shown)` : '';
    // Counting that stopped part-way (movesNotListed says where) gives a lower bound.
    field('Winning moves', count ? `${p.movesNotListed ? 'at least ' : ''}${formatCount(count)}${cut}` : p.movesNotListed ? 'not listed' : 'none: the player to move wins by making no move');
    const position = p.components.map((c) => c.state);
    for (const move of shown) lines.push(p.describe(move, position));
  }
  for (const heap of p.cutHeaps ?? []) field('Note', `heap ${heap.component} has ${formatCount(heap.count)} winning moves: ${heap.listed ? `the first ${formatCount(heap.listed)} are listed (--format json or csv)` : 'counted, not listed (other heaps before it list theirs)'}, apart from the other heaps' moves`);
  if (p.movesNotListed) field('Note', p.movesNotListed);
  return lines;
}

/** The moves a table shows: the first MOVES_SHOWN, of which at most CUT_HEAP_SHOWN of each heap listed apart. */
const movesShown = (p: AnyPosition) => shownMoves(p, MOVES_SHOWN);

export function positionTableText(p: AnyPosition, width: number): string {
  return entryLines(positionEntries(p), width).join('\n') + '\n';
}

export async function writePositionTable(p: AnyPosition, sink: Sink, width: number): Promise<void> {
  await sink.write(positionTableText(p, width));
}

/** A state as JSON text: heaps as exact integers, pairs as [x, y], anything else as JSON. */
function stateJson(state: unknown): string {
  if (Array.isArray(state) && state.some((s) => typeof s === 'bigint')) return `[${state.map(stateJson).join(',')}]`;
  return typeof state === 'bigint' ? state.toString() : JSON.stringify(state);
}

/**
 * Items written a chunk at a time, one a line and without spaces: a position
 * of 500,000 heaps is a large document (about 25 MB for heaps near 10^9),
 * not a large object.
 */
async function writeList<T>(sink: Sink, items: readonly T[] | AsyncIterable<readonly T[]>, item: (x: T) => string): Promise<void> {
  const CHUNK = 8192;
  const chunks = async function* () {
    if (!('length' in items)) return yield* items;
    for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
  };
  // A few items (a position from the command line) are indented as the rest of the document; many are not (4 bytes each).
  const indent = 'length' in items && items.length <= 100 ? '    ' : '';
  let first = true;
  for await (const chunk of chunks()) {
    if (chunk.length === 0) continue;
    let text = first ? '[\n' : ',\n';
    for (let i = 0; i < chunk.length; i++) text += (i ? ',\n' : '') + indent + item(chunk[i]!);
    await sink.write(text);
    first = false;
  }
  await sink.write(first ? '[]' : '\n  ]');
}

export async function writePositionJson(p: AnyPosition, sink: Sink): Promise<void> {
  const text = (v: unknown) => (v === null ? 'null' : typeof v === 'bigint' ? v.toString() : JSON.stringify(v));
  await sink.write(`{\n  "shape": "${p.shape}",\n  "rule": ${JSON.stringify(p.rule)},\n  "misere": ${p.misere},\n  "position": `);
  // A long position (from standard input) is read again, a chunk at a time, rather than held.
  const components = () => p.allComponents?.() ?? p.components;
  await writeList(sink, components(), (c) => stateJson(c.state));
  await sink.write(`,\n  "nimSum": ${text(p.nimSum)},\n  "components": `);
  // Each component names its ground's kind; "grounds" gives each kind's details once (a position may have 500,000 heaps).
  const grounds = new Map<string, Ground>();
  await writeList(sink, components(), (c) => (grounds.set(c.ground.kind, c.ground), `{"state":${stateJson(c.state)},"grundy":${text(c.grundy)},"ground":"${c.ground.kind}"}`));
  await sink.write(`,\n  "outcome": "${p.outcome}",\n  "winningMoves": `);
  await writeList(sink, p.winningMoves, (m) => `{"component":${m.component},"from":${stateJson(m.from)},"to":[${m.to.map(stateJson).join(',')}],"take":${text(m.take)}}`);
  const groundsJson = Object.entries(groundsByKind(grounds.values())).map(([kind, details]) => `${JSON.stringify(kind)}: ${JSON.stringify(details)}`);
  // Heaps whose moves were listed on their own (more than a list holds), only where there are any.
  const cutHeaps = p.cutHeaps ? `,\n  "cutHeaps": [${p.cutHeaps.map((h) => `{"component":${h.component},"count":${h.count},"listed":${h.listed}}`).join(', ')}]` : '';
  await sink.write(`,\n  "winningMoveCount": ${text(p.winningMoveCount ?? BigInt(p.winningMoves.length))}${cutHeaps},\n  "movesNotListed": ${text(p.movesNotListed)},\n  "grounds": {${groundsJson.join(', ')}}\n}\n`);
}

/**
 * Every row starts with the position's outcome and nim-sum; then one row per
 * winning move. A P-position (and an N-position whose moves are not listed)
 * has one row with the move's fields empty, so no CSV is only a header.
 */
export async function writePositionCsv(p: AnyPosition, sink: Sink): Promise<void> {
  let text = csvLine(['outcome', 'nimSum', 'component', 'from', 'to', 'take']);
  if (p.winningMoves.length === 0) text += csvLine([p.outcome, p.nimSum, null, null, null, null]);
  for (const m of p.winningMoves) {
    text += csvLine([p.outcome, p.nimSum, m.component, p.show(m.from), m.to.map((s) => p.show(s)).join(' '), m.take]);
    if (text.length > 1 << 16) {
      await sink.write(text);
      text = '';
    }
  }
  await sink.write(text);
}

/** A position's writer for a format (the width is the table's). */
type PositionWriter = (p: AnyPosition, sink: Sink, width: number) => Promise<void>;
const positionWriters = <F extends string>(writers: { readonly [K in F]: PositionWriter }) => writers;

/**
 * The formats a position is written in by this module alone, with nothing else of the program: the format
 * registry's position writers of these formats are these, and the quick path (src/cli/quick.ts) answers in them.
 */
export const POSITION_WRITERS = positionWriters({
  table: (p, sink, width) => writePositionTable(p, sink, width),
  csv: (p, sink) => writePositionCsv(p, sink),
  json: (p, sink) => writePositionJson(p, sink),
});
/** A format of POSITION_WRITERS. */
export type PositionFormat = keyof typeof POSITION_WRITERS;
