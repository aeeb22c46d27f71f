/**
 * The JSON Schema of rule files (schema/rule.schema.json), made from the one
 * rule-word table: each word brings its key's fragment. A test keeps the
 * published file equal to it (`npm run schema` writes it).
 */
import { RULE_WORDS } from './rule-words.js';

/** Keys that say something about the game but name no rule. */
const INFO_PROPERTIES = {
  $schema: { type: 'string' },
  name: { type: 'string', description: 'A short name shown in reports.' },
  description: { type: 'string', description: 'One line about the game.' },
  max: {
    description: 'Default --max: report heaps 0..max. A number, or text such as "1e6", "1_000_000", "2^20".',
    oneOf: [
      { type: 'integer', minimum: 0 },
      { type: 'string', pattern: '^\\s*(\\d+(_\\d+)*|\\d+(\\.\\d*)?[eE]\\+?\\d+|\\d+\\s*(\\^|\\*\\*)\\s*\\d+)\\s*$' },
    ],
  },
};

export function ruleFileSchema(): Record<string, unknown> {
  const words = RULE_WORDS.map((w) => w.word);
  const listed = `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://github.com/sg-explore/sg-explore/schema/rule.schema.json',
    title: 'sg-explore rule file',
    description: `One impartial game for sg-explore (YAML or JSON). Exactly one rule key: ${listed}.`,
    type: 'object',
    properties: { ...INFO_PROPERTIES, ...Object.fromEntries(RULE_WORDS.map((w) => [w.word, w.schema])) },
    additionalProperties: false,
    oneOf: words.map((word) => ({ required: [word] })),
  };
}
