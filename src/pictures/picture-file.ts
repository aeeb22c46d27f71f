/**
 * The files a picture is written to, told apart by their extension: SVG text, or PNG (drawn from the SVG).
 * Free of the renderers, so that a parser checks a --plot name without loading them.
 */
import { InputError } from '../core/errors.js';

/** Whether a picture file is PNG (else it is SVG text). */
export const isPngFile = (path: string): boolean => /\.png$/i.test(path);

/** A --plot FILE as given, refused unless it names an .svg or a .png file. */
export function pictureFile(text: string): string {
  if (!/\.svg$/i.test(text) && !isPngFile(text)) throw new InputError(`--plot ${text}: name an .svg or a .png file`);
  return text;
}
