/**
 * The bytes of a graph's edge list: its text, or its file through the host.
 * A file that cannot be read is the user's input (exit 2), not an internal
 * failure; the host's error says why in words.
 */
import { InputError } from '../../errors.js';
import { currentHost } from '../../host.js';
import type { GraphRule } from './rule.js';

/** The edge list of `rule`: its text, or its file's bytes; `what` starts the message when the platform reads no files. */
export async function edgeList(rule: GraphRule, what: string): Promise<string | Uint8Array> {
  if (rule.text !== undefined) return rule.text;
  const read = currentHost().readFile;
  if (!read) throw new InputError(`${what}: this platform reads no files; give the edge list as text`, { code: 'not-applicable', field: 'rule', value: rule.file });
  try {
    return await read(rule.file!);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`graph ${rule.shown ?? rule.file}: cannot read the file (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`, { code: 'bad-file', field: 'rule', value: rule.file });
  }
}
