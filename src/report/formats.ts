/**
 * The report formats, one registry: a format's name, the file extensions
 * that choose it for --out, and how it writes each shape of result (a heap
 * table, a two-pile grid, a heap with memory, the list of presets). The CLI
 * looks up, never branches on, a format; `--format`'s choices, the refusal
 * of a format for a shape it cannot write, and the formats each shape takes
 * all come from here. (Sweep rows are not results: src/sweep/format.ts.)
 */
import { KINDS, kindOfShape, type AnalysisResult } from '../core/kinds/registry.js';
import type { DocumentBlock, ShapedResult } from '../core/kinds/kind.js';
import type { Sink } from '../core/sink.js';
import type { Progressive } from './progressive.js';
import { InputError, mention, says } from '../core/errors.js';
import type { CheckReport } from '../core/conjecture/check.js';
import type { PresetList } from './presets-report.js';
import { namedShapes, shapeWords } from '../core/shape-words.js';

/** Every kind of result a format can write (the shapes of the kinds' own results are written by their kinds). */
export type Result = AnalysisResult | CheckReport | PresetList;

export interface WriteOptions {
  /** Only these heaps (--at). */
  readonly heaps?: readonly bigint[];
  readonly colour: boolean;
  /** Columns to fit (tables). */
  readonly width: number;
  /** The format's stream (ReportFormat.progressive) that wrote lines during the run: the writer writes the rest. */
  readonly progressive?: Progressive;
}

export type { Progressive } from './progressive.js';

type Shape = Result['shape'];
type Writer<R> = (result: R, sink: Sink, options: WriteOptions) => Promise<void>;
/** A format's writer for each shape of result it supports. */
type Writers = { readonly [S in Shape]?: Writer<Extract<Result, { shape: S }>> };

export interface ReportFormat {
  readonly name: string;
  readonly extensions: readonly string[];
  /** Lists one row per heap (so a huge --max is a huge file). */
  readonly perHeapRows: boolean;
  readonly writers: Writers;
  /** How it writes a kind's own shape from the kind's document (GameKind.documents), for a format the kind has no writer in. */
  readonly document?: (blocks: readonly DocumentBlock[], sink: Sink) => Promise<void>;
  /** A format that streams as a heap table is computed (its writer gets the stream back in WriteOptions.progressive). */
  readonly progressive?: (rule: string) => Promise<Progressive>;
}

// Each writer's module loads on demand: the table library and the rest cost start-up time when unused.
export const FORMATS: readonly ReportFormat[] = [
  {
    name: 'table',
    extensions: ['.txt'],
    perHeapRows: false,
    writers: {
      heap: async (x, sink, o) => (await import('./table.js')).writeTable(x, sink, { colour: o.colour, width: o.width }, o.heaps),
      grid: async (x, sink, o) => (await import('./grid-report.js')).writeGridTable(x, sink, o.width),
      memory: async (x, sink, o) => (await import('./capped-heap-report.js')).writeCappedHeapTable(x, sink, o.width),
      position: async (x, sink, o) => (await import('./position-report.js')).POSITION_WRITERS.table(x, sink, o.width),
      misere: async (x, sink, o) => (await import('./misere-report.js')).writeMisereTable(x, sink, o.width),
      genus: async (x, sink, o) => (await import('./misere-theory-report.js')).writeGenusTable(x, sink, o.width),
      quotient: async (x, sink, o) => (await import('./misere-theory-report.js')).writeQuotientTable(x, sink, o.width),
      states: async (x, sink, o) => (await import('./states-report.js')).writeStatesTable(x, sink, o.width),
      check: async (x, sink, o) => (await import('./check-report.js')).writeCheckTable(x, sink, o.width),
      presets: async (x, sink, o) => (await import('./presets-report.js')).writePresetsTable(x, sink, o.width),
    },
  },
  {
    name: 'csv',
    extensions: ['.csv'],
    perHeapRows: true,
    writers: {
      heap: async (x, sink, o) => (await import('./csv.js')).writeCsv(x, sink, o.heaps),
      grid: async (x, sink) => (await import('./grid-report.js')).writeGridCsv(x, sink),
      memory: async (x, sink) => (await import('./capped-heap-report.js')).writeCappedHeapCsv(x, sink),
      position: async (x, sink, o) => (await import('./position-report.js')).POSITION_WRITERS.csv(x, sink, o.width),
      misere: async (x, sink) => (await import('./misere-report.js')).writeMisereCsv(x, sink),
      genus: async (x, sink) => (await import('./misere-theory-report.js')).writeGenusCsv(x, sink),
      quotient: async (x, sink) => (await import('./misere-theory-report.js')).writeQuotientCsv(x, sink),
      states: async (x, sink) => (await import('./states-report.js')).writeStatesCsv(x, sink),
      presets: async (x, sink) => (await import('./presets-report.js')).writePresetsCsv(x, sink),
    },
  },
  {
    name: 'json',
    extensions: ['.json'],
    perHeapRows: false,
    writers: {
      heap: async (x, sink, o) => (await import('./json.js')).writeJson(x, sink, o.heaps),
      grid: async (x, sink) => (await import('./grid-report.js')).writeGridJson(x, sink),
      memory: async (x, sink) => (await import('./capped-heap-report.js')).writeCappedHeapJson(x, sink),
      position: async (x, sink, o) => (await import('./position-report.js')).POSITION_WRITERS.json(x, sink, o.width),
      misere: async (x, sink) => (await import('./misere-report.js')).writeMisereJson(x, sink),
      genus: async (x, sink) => (await import('./misere-theory-report.js')).writeGenusJson(x, sink),
      quotient: async (x, sink) => (await import('./misere-theory-report.js')).writeQuotientJson(x, sink),
      states: async (x, sink) => (await import('./states-report.js')).writeStatesJson(x, sink),
      check: async (x, sink) => (await import('./check-report.js')).writeCheckJson(x, sink),
      presets: async (x, sink) => (await import('./presets-report.js')).writePresetsJson(x, sink),
    },
  },
  {
    name: 'markdown',
    extensions: ['.md', '.markdown'],
    perHeapRows: false,
    writers: {
      heap: async (x, sink, o) => (await import('./markdown.js')).writeHeapMarkdown(x, sink, o.width, o.heaps),
      grid: async (x, sink, o) => (await import('./markdown.js')).writeGridMarkdown(x, sink, o.width),
      memory: async (x, sink) => (await import('./markdown.js')).writeCappedHeapMarkdown(x, sink),
      position: async (x, sink) => (await import('./markdown.js')).writePositionMarkdown(x, sink),
      misere: async (x, sink) => (await import('./markdown.js')).writeMisereMarkdown(x, sink),
      genus: async (x, sink) => (await import('./markdown.js')).writeGenusMarkdown(x, sink),
      quotient: async (x, sink) => (await import('./markdown.js')).writeQuotientMarkdown(x, sink),
      states: async (x, sink, o) => (await import('./markdown.js')).writeStatesMarkdown(x, sink, o.width),
      check: async (x, sink) => (await import('./markdown.js')).writeCheckMarkdown(x, sink),
      presets: async (x, sink) => (await import('./markdown.js')).writePresetsMarkdown(x, sink),
    },
    document: async (blocks, sink) => (await import('./markdown.js')).writeDocumentMarkdown(blocks, sink),
  },
  {
    // JSON lines at every power of two the run passes (report/powers.ts); chosen by name only (.jsonl means sweep rows elsewhere).
    name: 'powers',
    extensions: [],
    perHeapRows: false,
    writers: {
      heap: async (x, sink, o) => (await import('./powers.js')).writePowers(x, sink, o.progressive),
    },
    progressive: async (rule) => new (await import('./powers.js')).PowersStream(rule),
  },
  {
    name: 'html',
    extensions: ['.html', '.htm'],
    perHeapRows: false,
    // The one import up a floor: the HTML report is a picture with its table, drawn by the pictures layer (which itself reads
    // the reports' words), and the format is registered here with the others; loaded only when asked for.
    writers: Object.fromEntries(
      // One-heap tables, and the kinds' own tables that have pictures (two piles, a heap with memory).
      ['heap', ...KINDS.flatMap((kind) => Object.keys(kind.pictures ?? {}))].map((shape) => [shape, async (x: Result, sink: Sink) => sink.write(await (await import('../pictures/of-result.js')).htmlOf(x as AnalysisResult))]),
    ) as Writers,
  },
];

/** How a format writes a shape (the kind's own writer first, then the format's, then the kind's document), or undefined where it cannot. */
function writerOf(format: ReportFormat, shape: string): Writer<ShapedResult> | undefined {
  const kind = kindOfShape(shape);
  const own = kind?.writers?.[shape]?.[format.name];
  if (own) {
    return async (result, sink, options) => {
      for await (const chunk of own(result, { width: options.width })) await sink.write(chunk);
    };
  }
  const builtIn = format.writers[shape as Shape] as Writer<ShapedResult> | undefined;
  if (builtIn) return builtIn;
  const document = kind?.documents?.[shape];
  const write = format.document;
  return document && write ? (result, sink) => write(document(result), sink) : undefined;
}

/** Every shape of result: the named ones (the reports' and the kinds' own), then any a kind writes without naming it. */
export const SHAPES: readonly string[] = [...new Set([...namedShapes(), ...KINDS.flatMap((kind) => [...Object.keys(kind.writers ?? {}), ...Object.keys(kind.documents ?? {})])])];


/** The formats that write a shape. */
export function formatsFor(shape: string): string[] {
  return FORMATS.filter((f) => writerOf(f, shape)).map((f) => f.name);
}

/** Refuse, naming the format and the shape (and the formats that do write it), a format that cannot write a shape. */
export function checkApplies(format: ReportFormat, shape: string): void {
  if (writerOf(format, shape)) return;
  const named = shapeWords(shape);
  const words = named === undefined ? `a result of shape ${shape}` : `${named} (shape ${shape})`;
  throw new InputError(says`${mention('format')} ${format.name} does not apply to ${words}; formats for it: ${formatsFor(shape).join(', ')}`, {
    code: 'not-applicable',
    value: format.name,
  });
}

/** Write a result in a format; a format without a writer for its shape is bad input. */
export async function writeResult(format: ReportFormat, result: Result | ShapedResult, sink: Sink, options: WriteOptions): Promise<void> {
  checkApplies(format, result.shape);
  await writerOf(format, result.shape)!(result, sink, options);
}

export const FORMAT_NAMES = FORMATS.map((f) => f.name);

export function formatNamed(name: string): ReportFormat {
  const format = FORMATS.find((f) => f.name === name);
  if (!format) throw new RangeError(`no format '${name}'`);
  return format;
}

/** The format an --out file's extension asks for (values.csv, report.json), if any. */
export function formatForPath(path: string | undefined): ReportFormat | undefined {
  const lower = path?.toLowerCase();
  return lower === undefined ? undefined : FORMATS.find((f) => f.extensions.some((e) => lower.endsWith(e)));
}
