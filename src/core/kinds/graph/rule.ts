/** A game on a directed graph: the edge list in a file (or, for a caller without files, its text). */
export interface GraphRule {
  readonly kind: 'graph';
  /** The file of the edge list (`u v` lines, `u: v w` lines, or .json in the same two shapes). */
  readonly file?: string;
  /** The edge list itself, when there is no file. */
  readonly text?: string;
  /** The path as the user gave it (shown in reports). */
  readonly shown?: string;
}

export function graphText(rule: GraphRule): string {
  return `graph ${rule.shown ?? rule.file ?? '(edge list)'}`;
}
