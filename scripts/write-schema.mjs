// Writes schema/rule.schema.json from the rule-word table (run after `npm run build`): `npm run schema`.
import { writeFileSync } from 'node:fs';
import { ruleFileSchema } from '../dist/src/core/rule-schema.js';

writeFileSync(new URL('../schema/rule.schema.json', import.meta.url), JSON.stringify(ruleFileSchema(), null, 2) + '\n');
