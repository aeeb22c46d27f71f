/**
 * The bytes of a graph's edge list: its text, or its file through the host.
 * A file that cannot be read is the user's input (exit 2), not an internal
 * failure; the host's error says why in words.
 */
import { InputError, says, saying } from '../../errors.js';
import { currentHost } from '../../host.js';
import { MAX_GRAPH_FILE_BYTES } from '../../file-limits.js';
import { formatCount } from '../../numbers.js';
import { graphText, type GraphRule } from './rule.js';
import type { Graph } from './graph.js';
import { parseGraphSteps } from './parse.js';
import { parseGraphJson } from './parse-json.js';

/** The edge list of `rule`: its text, or its file's bytes; `what` starts the message when the platform reads no files. */
export async function edgeList(rule: GraphRule, what: string): Promise<string | Uint8Array> {
  if (rule.text !== undefined) return rule.text;
  const read = currentHost().readFile;
  if (!read) throw new InputError(says`${what}: ${saying('error.graph.noFiles')}`, { code: 'not-applicable', field: 'rule', value: rule.file });
  let bytes: Uint8Array;
  try {
    bytes = await read(rule.file!, MAX_GRAPH_FILE_BYTES);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`graph ${rule.shown ?? rule.file}: cannot read the file (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`, { code: 'bad-file', field: 'rule', value: rule.file });
  }
  if (bytes.byteLength > MAX_GRAPH_FILE_BYTES) {
    throw new InputError(`graph ${rule.shown ?? rule.file}: the file is over ${formatCount(MAX_GRAPH_FILE_BYTES)} bytes; a graph file is at most ${formatCount(MAX_GRAPH_FILE_BYTES)} (is it the right file?)`, { code: 'too-large', field: 'rule', value: rule.file });
  }
  return bytes;
}

/**
 * The graph of an edge list, as steps: text a block of lines a yield (the
 * units: bytes read), a .json file at once.
 */
export function* graphSteps(rule: GraphRule, input: string | Uint8Array): Generator<number, Graph, void> {
  if ((rule.file ?? '').toLowerCase().endsWith('.json')) {
    let value: unknown;
    try {
      value = JSON.parse(typeof input === 'string' ? input : new TextDecoder().decode(input));
    } catch (error) {
      throw new InputError(`${graphText(rule)}: not valid JSON (${(error as Error).message})`, { code: 'bad-rule', field: 'rule', value: rule.file });
    }
    return parseGraphJson(value);
  }
  let read = 0;
  for (const steps = parseGraphSteps(input); ; ) {
    const next = steps.next();
    if (next.done) return next.value;
    yield next.value - read;
    read = next.value;
  }
}

/** The same, run to the end. */
export function readGraph(rule: GraphRule, input: string | Uint8Array): Graph {
  for (const steps = graphSteps(rule, input); ; ) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
