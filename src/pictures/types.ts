/**
 * Plain-data inputs of the picture renderers. Every renderer is a pure
 * function of one of these: no files, no clocks, no global state.
 */

/** The eventual pattern drawn on a plot: G(n + period) = G(n) + saltus for n >= preperiod. */
export interface PlotCycle {
  readonly preperiod: number;
  readonly period: number;
  readonly saltus: number;
}

/** A 1-D plot of G(0..count-1). */
export interface SequencePlot {
  /** Names the rule, e.g. "Kayles (0.77)". */
  readonly title: string;
  /** G(0..count-1); read exactly once, in order. */
  readonly values: ArrayLike<number>;
  readonly count: number;
  readonly cycle: PlotCycle | null;
  /** Whether a theorem proved the cycle (else it is only observed). */
  readonly proven: boolean;
  /** Marks rare values (e.g. the rare class of the rare/common split); gets the value and the heap. */
  readonly rare?: (value: number, n: number) => boolean;
  /** Log scale on x (as log(1 + n), so heap 0 has a place). */
  readonly logX?: boolean;
  readonly width?: number;
  readonly height?: number;
}

/** A 2-D heat map of G(x, y) for x < width, y < height. */
export interface Heatmap {
  readonly title: string;
  /** N + 1 for a square grid, or the two sides. */
  readonly size: number | { readonly width: number; readonly height: number };
  /** G(x, y): a function, or a row-major array (index y * width + x). */
  readonly value: ((x: number, y: number) => number) | ArrayLike<number>;
  /** Where G = 0, drawn over the colours. */
  readonly pPositions: readonly (readonly [number, number])[];
  /** Straight lines y = slope * x + intercept (Beatty laws), each labelled. */
  readonly lines?: readonly { readonly slope: number; readonly intercept: number; readonly label: string }[];
  /** Picture size in pixels (default 640 × 640). */
  readonly width?: number;
  readonly height?: number;
}

export type SweepKind = 'periodic' | 'arithmetic-periodic' | 'none' | 'error';

/** One rule of a sweep, as placed on the sweep map. */
export interface SweepPoint {
  readonly rule: string;
  readonly kind: SweepKind;
  readonly preperiod: number | null;
  readonly period: number | null;
}

export interface SweepMap {
  readonly title: string;
  readonly points: readonly SweepPoint[];
  readonly width?: number;
  readonly height?: number;
}

/** A self-contained HTML page around one picture. */
export interface HtmlReport {
  readonly title: string;
  /** Label and text of each summary line, in order. */
  readonly summary: readonly (readonly [string, string])[];
  /** An SVG document (from one of the renderers), inlined into the page. */
  readonly svg: string;
  /** The pattern, as text (e.g. "periodic from 71 with period 12, proven by ..."). */
  readonly pattern: string;
  /** The P-positions, as text. */
  readonly pPositions: string;
  /** G(0..); the page lists at most the first 10^4. */
  readonly values: ArrayLike<number>;
  readonly count: number;
  /** Link to a CSV file written beside the page; without it the first 10^4 values are embedded as a data: URL. */
  readonly csvHref?: string;
}
