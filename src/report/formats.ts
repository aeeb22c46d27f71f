/**
 * The report formats, one registry: a format's name, the file extensions
 * that choose it for --out, and how it writes each shape of result (a heap
 * table, a two-pile grid, a heap with memory). The CLI looks up, never
 * branches on, a format.
 */
import type { Exploration } from '../explore.js';
import type { GridExploration } from '../game/grid.js';
import type { MemoryExploration } from '../game/memory.js';
import type { PositionReport } from '../positions/position.js';
import type { MisereTable } from '../positions/misere-table.js';
import type { Sink } from './sink.js';

/** Every kind of result a format can write. */
export type Result = Exploration | GridExploration | MemoryExploration | PositionReport<unknown> | MisereTable;

export interface WriteOptions {
  /** Only these heaps (--at). */
  readonly heaps?: readonly bigint[];
  readonly colour: boolean;
  /** Columns to fit (tables). */
  readonly width: number;
}

export interface ReportFormat {
  readonly name: string;
  readonly extensions: readonly string[];
  /** Lists one row per heap (so a huge --max is a huge file). */
  readonly perHeapRows: boolean;
  write(result: Result, sink: Sink, options: WriteOptions): Promise<void>;
}

// Each format's module loads on demand: the table library and the rest cost start-up time when unused.
export const FORMATS: readonly ReportFormat[] = [
  {
    name: 'html',
    extensions: ['.html', '.htm'],
    perHeapRows: false,
    async write(x, sink) {
      await sink.write(await (await import('./pictures.js')).htmlOf(x));
    },
  },
  {
    name: 'table',
    extensions: ['.txt'],
    perHeapRows: false,
    async write(x, sink, o) {
      if (x.shape === 'grid') return (await import('./grid-report.js')).writeGridTable(x, sink, o.width);
      if (x.shape === 'memory') return (await import('./memory-report.js')).writeMemoryTable(x, sink, o.width);
      if (x.shape === 'position') return (await import('./position-report.js')).writePositionTable(x, sink, o.width);
      if (x.shape === 'misere') return (await import('./misere-report.js')).writeMisereTable(x, sink, o.width);
      return (await import('./table.js')).writeTable(x, sink, { colour: o.colour, width: o.width }, o.heaps);
    },
  },
  {
    name: 'csv',
    extensions: ['.csv'],
    perHeapRows: true,
    async write(x, sink, o) {
      if (x.shape === 'grid') return (await import('./grid-report.js')).writeGridCsv(x, sink);
      if (x.shape === 'memory') return (await import('./memory-report.js')).writeMemoryCsv(x, sink);
      if (x.shape === 'position') return (await import('./position-report.js')).writePositionCsv(x, sink);
      if (x.shape === 'misere') return (await import('./misere-report.js')).writeMisereCsv(x, sink);
      return (await import('./csv.js')).writeCsv(x, sink, o.heaps);
    },
  },
  {
    name: 'json',
    extensions: ['.json'],
    perHeapRows: false,
    async write(x, sink, o) {
      if (x.shape === 'grid') return (await import('./grid-report.js')).writeGridJson(x, sink);
      if (x.shape === 'memory') return (await import('./memory-report.js')).writeMemoryJson(x, sink);
      if (x.shape === 'position') return (await import('./position-report.js')).writePositionJson(x, sink);
      if (x.shape === 'misere') return (await import('./misere-report.js')).writeMisereJson(x, sink);
      return (await import('./json.js')).writeJson(x, sink, o.heaps);
    },
  },
];

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
