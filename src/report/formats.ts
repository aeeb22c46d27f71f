/**
 * The report formats, one registry: a format's name, the file extensions
 * that choose it for --out, and how it writes a result. The CLI looks up,
 * never branches on, a format.
 */
import type { Exploration } from '../explore.js';
import type { Sink } from './sink.js';

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
  write(x: Exploration, sink: Sink, options: WriteOptions): Promise<void>;
}

export const FORMATS: readonly ReportFormat[] = [
  {
    name: 'table',
    extensions: ['.txt'],
    perHeapRows: false,
    // Loaded on demand: the table library costs start-up time when unused.
    write: async (x, sink, o) => (await import('./table.js')).writeTable(x, sink, { colour: o.colour, width: o.width }, o.heaps),
  },
  { name: 'csv', extensions: ['.csv'], perHeapRows: true, write: async (x, sink, o) => (await import('./csv.js')).writeCsv(x, sink, o.heaps) },
  { name: 'json', extensions: ['.json'], perHeapRows: false, write: async (x, sink, o) => (await import('./json.js')).writeJson(x, sink, o.heaps) },
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
