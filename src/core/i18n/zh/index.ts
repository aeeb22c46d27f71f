/** The Simplified Chinese catalogue: the same areas and keys as the English one, the kinds' own too. */
import { app } from './app.js';
import { explore } from './explore.js';
import { play } from './play.js';
import { rules } from './rules.js';
import { errors } from './errors.js';
import { contest } from './contest.js';
import { KIND_MESSAGES_ZH } from '../../kinds/messages.js';
import { merged } from '../merge.js';

export const zh = merged(app, explore, play, rules, errors, contest, KIND_MESSAGES_ZH);
