/** The play view's link: the hash read into settings and written back (src/web/play/settings.ts, no DOM needed). */
import { describe, expect, it } from 'vitest';
import { readSettings, settingsHash } from '../../src/web/play/settings.js';

const read = (hash: string) => readSettings(new URLSearchParams(hash.replace(/^#/, '')));

describe('the play link', () => {
  it('reads every setting, and writes the same link back', () => {
    const hash = '#play&preset=nim&position=3,5,7&first=computer&level=7&seed=42&misere';
    const settings = read(hash);
    expect(settings).toEqual({ word: 'preset', text: 'nim', position: ['3', '5', '7'], first: 'computer', level: 7, seed: 42, misere: true });
    expect(settingsHash(settings)).toBe(hash);
  });

  it('takes any rule flag, pairs with colons, spaces or commas between components', () => {
    expect(read('#play&moves=1,2,3&position=5+7')).toMatchObject({ word: 'moves', text: '1,2,3', position: ['5', '7'] });
    expect(read('#play&preset=wythoff&position=4:7')).toMatchObject({ word: 'preset', text: 'wythoff', position: ['4:7'] });
    expect(read('#play&code=0.77')).toMatchObject({ word: 'code', text: '0.77', position: null });
    expect(settingsHash(read('#play&preset=wythoff&position=4:7&seed=1'))).toBe('#play&preset=wythoff&position=4:7&first=human&level=10&seed=1');
  });

  it('falls back to Nim, the human first, level 10, no misère, and a seed of its own, for what is missing or wrong', () => {
    const settings = read('#play&level=99&first=robot&seed=-3');
    expect(settings).toMatchObject({ word: 'preset', text: 'nim', position: null, first: 'human', level: 10, misere: false });
    expect(Number.isInteger(settings.seed) && settings.seed >= 0).toBe(true);
  });
});
