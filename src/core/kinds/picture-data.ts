/**
 * The pictures of a kind's own tables as data (GameKind.pictures, PicturesOf): what
 * `--plot` draws and what `--format html`'s page says around it. The
 * pictures layer (src/pictures/of-result.ts) draws them; a kind's folder
 * cannot import it, so a kind says what to draw, in plain values.
 */
/** A picture: a plot of one value a point (a heap with memory's start positions), or a heat map of a table of cells. */
export type PictureData =
  | { readonly plot: 'sequence'; readonly title: string; readonly values: ArrayLike<number> }
  | {
      readonly plot: 'heatmap';
      readonly title: string;
      readonly size: { readonly width: number; readonly height: number };
      /** G at column x, row y of the picture. */
      value(x: number, y: number): number;
      /** Where G = 0, as (x, y) of the picture. */
      readonly pPositions: readonly (readonly [number, number])[];
      /** Straight lines y = slope * x + intercept (Beatty laws), each labelled. */
      readonly lines?: readonly { readonly slope: number; readonly intercept: number; readonly label: string }[];
    };

/** The words of a table's self-contained page around its picture: its summary lines, pattern, P-positions, and the values it lists. */
export interface PageData {
  readonly title: string;
  readonly summary: readonly (readonly [label: string, text: string])[];
  readonly pattern: string;
  readonly pPositions: string;
  readonly values: ArrayLike<number>;
  readonly count: number;
}
