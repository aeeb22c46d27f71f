/**
 * The message catalogue: every word the web app shows and `play` prints,
 * in English and Simplified Chinese. A message is a template with named
 * holes (`{heap}`), filled by `translator(lang)(key, params)`. English is
 * the reference: its keys are the type of every key, so a Chinese catalogue
 * missing one fails to compile, and test/core/i18n.test.ts checks that both
 * catalogues name the same holes.
 */
import { en } from './en/index.js';
import { zhCatalogue } from './zh/index.js';

/** A language the messages are written in: English or Chinese. */
export type Lang = 'en' | 'zh';
/** Every language the messages are written in. */
export const LANGS: readonly Lang[] = ['en', 'zh'];

/** The key of a message in the catalogues. */
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<MessageKey, string>>;
export type Params = Readonly<Record<string, string | number | bigint>>;
/** A message in one language, its holes filled from params. */
export type Translate = (key: MessageKey, params?: Params) => string;

/** Each language's catalogue (Chinese made when first read: see zhCatalogue). */
export const CATALOGUES: Readonly<Record<Lang, Catalogue>> = {
  en,
  get zh() {
    return zhCatalogue();
  },
};

/**
 * The language to speak: the one asked for (`--lang zh`, `?lang=zh`) when it
 * is known, else the first of the user's preferences (a browser's
 * navigator.languages, a locale such as zh_CN.UTF-8) that names one, else English.
 */
export function pickLang(requested: string | null | undefined, preferences: readonly string[] = []): Lang {
  const known = (tag: string): Lang | null => {
    const base = tag.trim().toLowerCase().split(/[-_.@]/)[0];
    return (LANGS as readonly string[]).includes(base ?? '') ? (base as Lang) : null;
  };
  if (requested) {
    const asked = known(requested);
    if (asked) return asked;
  }
  for (const tag of preferences) {
    const found = known(tag);
    if (found) return found;
  }
  return 'en';
}

/** The holes a template names, in order of first appearance. */
export function holesOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** A function that writes messages in `lang`; a hole with no value given stays as written, so a mistake shows. */
export function translator(lang: Lang): Translate {
  const catalogue = CATALOGUES[lang];
  return (key, params) => {
    const template = catalogue[key] ?? en[key];
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (hole, name: string) => (name in params ? String(params[name]) : hole));
  };
}

/** Whether `key` names a message (a key made from data: `rule.kind.${word}`). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The catalogue's English, for what the core writes in its reports. */
export const english: Translate = translator('en');

/**
 * A message the core wrote in English (one with no holes, among the keys
 * that start with `prefix`) in `t`'s language; text that is no such message
 * stays as it is.
 */
export function sayAgain(text: string, prefix: string, t: Translate): string {
  const message = messageFor(text, prefix);
  return typeof message === 'string' ? message : t(message.key);
}

/** The message (among the keys that start with `prefix`) whose English is `text`, to be said again in another language; other text as it is. */
export function messageFor(text: string, prefix: string): Message | string {
  for (const key of Object.keys(en) as MessageKey[]) if (key.startsWith(prefix) && en[key] === text) return { key };
  return text;
}

/** A message as data: what the core says (a theorem it cites), to be said in the reader's language; a hole may hold a message too. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, string | number | bigint | Message>>;
}

/** A message in `t`'s language (English by default: what the CLI prints), the messages in its holes too. */
export function say(message: Message, t: Translate = english): string {
  if (!message.params) return t(message.key);
  const params: Record<string, string | number | bigint> = {};
  for (const [name, value] of Object.entries(message.params)) params[name] = typeof value === 'object' ? say(value, t) : value;
  return t(message.key, params);
}
