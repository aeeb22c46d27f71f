/**
 * A game on a graph against the computer: tokens on vertices, a move slides
 * one token along an edge. The computer plays a winning move where there is
 * one, a move that keeps the draw where the position is drawn (play on a
 * cycle can go on forever), and otherwise the move that loses most slowly
 * it can find: any.
 */
import type { Ground } from '../../laws/ground.js';
import type { AnalyseRequest, PlayStart } from '../kind.js';
import { listedOptions, type Playable } from '../../positions/playable.js';
import type { Move, PositionReport } from '../../positions/position.js';
import { analysePosition, graphValues, INFINITE, parseTokens, type GraphValues } from './api.js';
import { graphText, type GraphRule } from './rule.js';
import { edgeList, readGraph } from './read.js';

/** The moves of one token: to each follower of its vertex. */
function followers(values: GraphValues, v: number): number[] {
  const { offsets, targets } = values.graph;
  return Array.from(targets.subarray(offsets[v]!, offsets[v + 1]!));
}

/** Every vertex's value (or loopy outcome) is computed from the whole graph. */
const WHOLE_GRAPH: Ground = { kind: 'table', over: { key: 'ground.vertices' } };

function report(values: GraphValues, text: string, tokens: readonly number[]): PositionReport<number> {
  const names = values.graph.names;
  const analysis = analysePosition(values, tokens);
  const show = (v: number) => names[v]!;
  const moves: Move<number>[] = analysis.moves.map((m) => ({ component: m.token + 1, from: m.from, to: [m.to], take: null }));
  return {
    shape: 'position',
    rule: text,
    misere: false,
    components: tokens.map((v) => ({ state: v, grundy: values.value[v] === INFINITE ? null : BigInt(values.value[v]!), ground: WHOLE_GRAPH })),
    nimSum: analysis.nimSum === undefined ? null : BigInt(analysis.nimSum),
    outcome: analysis.outcome === 'first' ? 'N' : analysis.outcome === 'second' ? 'P' : 'D',
    winningMoves: moves,
    movesNotListed: null,
    show,
    describe: (move, position) => `token ${move.component}: ${show(move.from)} → ${show(move.to[0]!)} → ${position.map((v, i) => (i === move.component - 1 ? show(move.to[0]!) : show(v))).join(' ')}`,
  };
}

/** A graph to play against is read and solved at once (one small enough to play is solved in moments). */
async function graphOf(rule: GraphRule): Promise<GraphValues> {
  return graphValues(readGraph(rule, await edgeList(rule, 'play')));
}

export async function graphPlay(request: AnalyseRequest<GraphRule>, random: () => number): Promise<PlayStart> {
  const rule = request.game.rule;
  const values = await graphOf(rule);
  const graph = values.graph;
  const text = graphText(rule);
  const names = graph.names;
  const texts = request.position as readonly string[] | undefined;
  const start = texts ? parseTokens(values, texts.join(' ')) : [Math.floor(random() * names.length), Math.floor(random() * names.length)];
  const playable: Playable<number> = {
    noun: 'token',
    heaps: false,
    options: (v) => followers(values, v).map((to) => [to]),
    ...listedOptions((v) => followers(values, v).map((to) => [to]), String),
    evaluate: async (position) => report(values, text, position),
    show: (v) => names[v]!,
    key: (v) => String(v),
    parse: (name) => parseTokens(values, name)[0]!,
    take: () => null,
    empty: (v) => followers(values, v).length === 0,
  };
  return { playable, start, random: !texts };
}
