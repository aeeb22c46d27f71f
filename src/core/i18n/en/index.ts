/** The English catalogue, one file an area: app (the page around), explore, play (the terminal's and the page's game), rules (what the core itself writes), errors (the reasons of common input errors), contest (why a judge's input, answer or program is refused); then each kind's own (its folder's messages.ts). */
import { app } from './app.js';
import { explore } from './explore.js';
import { play } from './play.js';
import { rules } from './rules.js';
import { errors } from './errors.js';
import { contest } from './contest.js';
import { KIND_MESSAGES_EN } from '../../kinds/messages.js';
import { merged } from '../merge.js';

export const en = merged(app, explore, play, rules, errors, contest, KIND_MESSAGES_EN);
