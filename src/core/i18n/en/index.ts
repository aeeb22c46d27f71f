/** The English catalogue, one file an area: app (the page around), explore, play (the terminal's and the page's game), rules (what the core itself writes), errors (the reasons of common input errors). */
import { app } from './app.js';
import { explore } from './explore.js';
import { play } from './play.js';
import { rules } from './rules.js';
import { errors } from './errors.js';

export const en = { ...app, ...explore, ...play, ...rules, ...errors } as const;
