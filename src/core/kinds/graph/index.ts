/**
 * Games on directed graphs as a kind (`--graph FILE`, a rule file's `graph:
 * edges.txt`): tokens on vertices, a move slides one token along an edge.
 * Acyclic graphs get Grundy values, graphs with cycles Smith's generalised
 * values; positions get their outcome (a draw too) and the moves that
 * realise it; `play` plays them. The algorithms are in api.ts.
 */
import { InputError, mention, says, saying } from '../../errors.js';
import { generatorWork } from '../../driver.js';
import { fail } from '../../rules/check.js';
import type { DocumentBlock, GameKind, RuleWord, ShapedResult } from '../kind.js';
import { analysePosition, graphCsv, graphJson, graphSummary, graphTable, graphValueUnits, parseTokens, positionReport, positionText, valueText, vertexOutcome, type Graph, type GraphValues, type PositionAnalysis } from './api.js';
import { csvLine } from '../../csv-field.js';
import { edgeList, graphSteps } from './read.js';
import { graphPlay } from './play.js';
import { graphText, type GraphRule } from './rule.js';
import { EXAMPLES } from './examples.js';
import { graphPageView } from './page-view.js';

export type { GraphRule } from './rule.js';

/** A graph's values: the table of its vertices. */
export interface GraphTable extends ShapedResult {
  readonly shape: 'graph';
  readonly rule: string;
  readonly values: GraphValues;
}

/** Tokens on a graph's vertices: the outcome by Smith's rules, and the moves that realise it. */
export interface GraphPosition extends ShapedResult {
  readonly shape: 'graph-position';
  readonly rule: string;
  readonly values: GraphValues;
  readonly analysis: PositionAnalysis;
}


const words: readonly RuleWord[] = [
  {
    word: 'graph',
    order: 80,
    argument: 'FILE',
    example: 'graph.txt',
    aliases: [],
    describe: 'a game on a directed graph: an edge list FILE (u v lines, or u: v w lines; .json in the same shapes); tokens on vertices, a move slides one along an edge',
    flag: true,
    sweepable: false,
    fileValue: { form: 'file' },
    schema: {
      description: 'A game on a directed graph: the file of its edge list (relative to this file), `u v` or `u: v w …` lines, or .json in the same two shapes.',
      type: 'string',
    },
    parse: (path, _where, shown) => ({ rule: { kind: 'graph', file: path, shown: shown ?? path } }),
    fromContents: { parse: (text, shown) => ({ rule: { kind: 'graph', text, shown } }), missing: 'error.page.graphNeedsEdges' },
  },
];

/** What a request may not ask of a graph. */
function refuseTableWords(request: { readonly at?: unknown; readonly rows?: unknown; readonly max?: unknown; readonly misere?: boolean }): void {
  const not = (field: 'at' | 'rows' | 'max', value: unknown) =>
    new InputError(says`${mention(field)} ${saying('error.graph.noTableWords')}`, { code: 'not-applicable', field, value });
  if (request.at) throw not('at', request.at);
  if (request.rows) throw not('rows', request.rows);
  if (request.max !== undefined) throw not('max', request.max);
  if (request.misere) throw new InputError(says`${mention('misere')} ${saying('error.graph.noMisere')}`, { code: 'not-applicable', field: 'misere', value: true });
}

export const graphKind: GameKind<GraphRule> = {
  name: 'graph',
  examples: EXAMPLES,
  ruleKinds: ['graph'],
  words,
  text: graphText,
  check(rule, where) {
    if (rule.text === undefined && (typeof rule.file !== 'string' || rule.file === '')) fail(`${where}.file`, 'the path of an edge list (or the list as text)', rule.file);
    if (rule.text !== undefined && typeof rule.text !== 'string') fail(`${where}.text`, 'an edge list as text', rule.text);
    return rule;
  },
  prepare(request) {
    const rule = request.game.rule;
    refuseTableWords(request);
    const text = graphText(rule);
    const position = request.position as readonly string[] | undefined;
    return {
      checkpointKey: null,
      // Reading the edge list, then its values (and a position's outcome, at once).
      async work() {
        const input = await edgeList(rule, text);
        return generatorWork(graphSteps(rule, input), { unit: 'bytes read', ceiling: typeof input === 'string' ? input.length : input.byteLength });
      },
      finish(graph) {
        const { units, size } = graphValueUnits(graph as Graph);
        function* answer(): Generator<number, GraphTable | GraphPosition, void> {
          const values = yield* units;
          if (!position) return { shape: 'graph', rule: text, values };
          return { shape: 'graph-position', rule: text, values, analysis: analysePosition(values, parseTokens(values, position.join(' '))) };
        }
        return generatorWork(answer(), size);
      },
    };
  },
  fileOf: (rule) => (rule.file === undefined ? undefined : { word: 'graph', path: rule.file, shown: rule.shown ?? rule.file }),
  play: (request, random) => graphPlay(request, random),
  shapeWords: { graph: 'a game on a graph', 'graph-position': 'a position on a graph' },
  pageViews: { graph: { view: (x, budget) => graphPageView(x as GraphTable, budget.rows) } },
  judge: {
    token: 'word',
    width: 1,
    words: "a token, by its vertex's name",
    positionText: (tokens) => tokens[0]!,
    written: (shown) => shown,
    report(result) {
      const { values, analysis } = result as GraphPosition;
      const names = values.graph.names;
      const outcome = ({ first: 'N', second: 'P', draw: 'D' } as const)[analysis.outcome];
      const moves = outcome === 'N' ? analysis.moves.map((m) => ({ component: m.token + 1, take: null, from: names[m.from]!, to: [names[m.to]!] })) : [];
      return { outcome, moves, moveCount: BigInt(moves.length), movesNotListed: null };
    },
  },
  documents: {
    graph: (result) => graphDocument((result as GraphTable).values),
    'graph-position': (result) => graphPositionDocument(result as GraphPosition),
  },
  writers: {
    graph: {
      table: (result) => graphTable((result as GraphTable).values),
      csv: (result) => graphCsv((result as GraphTable).values),
      json: (result) => graphJson((result as GraphTable).values, (result as GraphTable).rule),
    },
    'graph-position': {
      table: (result) => positionLines(result as GraphPosition),
      csv: (result) => positionCsv(result as GraphPosition),
      json: (result) => {
        const p = result as GraphPosition;
        return [JSON.stringify({ shape: 'graph-position', rule: p.rule, ...positionReport(p.values, p.analysis) }, null, 2) + '\n'];
      },
    },
  },
};

/** A graph's table as a document: its summary, then each vertex with its value (∞(K) for infinite), a token's outcome there, and whether it is on a cycle. */
function graphDocument(values: GraphValues): DocumentBlock[] {
  const { names } = values.graph;
  const row = (v: number) => [names[v]!, valueText(values, v, 'table'), vertexOutcome(values, v), values.onCycle[v] ? 'yes' : ''];
  return [{ paragraph: graphSummary(values) }, { head: ['vertex', 'value', 'outcome', 'cycle'], count: names.length, row }];
}

/** Tokens on a graph as a document: the table's lines (`tokens: ...`, `outcome: ...`) as fields. */
function graphPositionDocument(p: GraphPosition): DocumentBlock[] {
  const lines = [`rule: ${p.rule}`, ...positionText(p.values, p.analysis)];
  return [{ fields: lines.map((line) => (line.includes(': ') ? ([line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)] as const) : line)) }];
}

function positionLines(p: GraphPosition): string[] {
  return [`rule: ${p.rule}\n`, ...positionText(p.values, p.analysis).map((line) => `${line}\n`)];
}

/** One row a move: the token, where it goes from and to, and whether it wins or keeps a draw. */
function positionCsv(p: GraphPosition): string[] {
  const report = positionReport(p.values, p.analysis);
  return [csvLine(['outcome', 'token', 'from', 'to']), ...report.moves.map((m) => csvLine([report.outcome, m.token, m.from, m.to])), ...(report.moves.length ? [] : [csvLine([report.outcome, null, null, null])])];
}
