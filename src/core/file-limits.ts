/**
 * The most bytes an input file is read to, one home for every kind of file a
 * rule names. A file past its limit is refused, not read on: a data file (or a
 * device that never ends, /dev/zero) given by mistake would otherwise fill the memory.
 */

/** Rule files are a few lines; anything this large is a mistake (a data file given as --rule). */
export const MAX_RULE_FILE_BYTES = 1 << 20;

/** A graph's edge list: some twenty million edges (the graph itself then takes gigabytes). */
export const MAX_GRAPH_FILE_BYTES = 256 << 20;

/** A sweep's --rules list, one rule a line: some ten million rules. */
export const MAX_RULE_LIST_BYTES = 256 << 20;
