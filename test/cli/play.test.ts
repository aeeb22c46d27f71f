import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/in-process.js';
import { expectBadInput } from '../helpers/cli.js';
import { int, mulberry32 } from '../helpers/random.js';
import { textWidth } from '../../src/cli/wrap-wide.js';
import { RULE_WORDS } from '../../src/core/rule-words.js';
import { EXPLORE_OPTIONS } from '../../src/cli/options.js';
import { PLAY_FLAGS, flagKey, playFlagWords } from '../../src/cli/play.js';
import { CATALOGUES, LANGS, translator } from '../../src/core/i18n/index.js';
import { ENGLISH_PROGRESS, progressReporter, progressWords, type ProgressParts } from '../../src/cli/progress.js';
import { PassThrough } from 'node:stream';

const widest = (text: string) => Math.max(...text.split('\n').map((line) => [...line].length));

/** A human who types `lines` one after another (illegal ones are refused and the game goes on). */
const play = (args: string[], lines: string[]) => runMain(['play', ...args], { stdin: lines.join('\n') + '\n' });

describe('sg-explore play through a pipe', () => {
  it('Nim 3 5 7, human first: the computer wins whatever the human plays (20 random humans)', async () => {
    const random = mulberry32(357);
    for (let t = 0; t < 20; t++) {
      const moves = Array.from({ length: 400 }, () => `${int(random, 1, 3)} ${int(random, 1, 7)}`);
      const run = await play(['--preset', 'nim', '--position', '3', '5', '7'], moves);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('The computer wins.');
      expect(run.stdout).not.toContain('You win');
    }
  });

  it('Fibonacci Nim starts from a single heap (20 is the state (20,19)), and the hint takes its smallest Zeckendorf part', async () => {
    const result = await play(['--preset', 'fibonacci-nim', '--position', '20'], ['hint', 'quit']);
    expect(result.stdout).toContain('Position: (20,19)');
    // 20 = 13 + 5 + 2: taking 2 leaves (18, 4), and 18 = 13 + 5 is out of the opponent's reach.
    expect(result.stdout).toMatch(/The winning move:\n\s+heap 1: \(20,19\) -> \(18,4\)/);
  });

  it('a human who follows the hints wins from a winning start', async () => {
    // 1 2 4 has nim-sum 7: the human to move wins by taking 1 from heap 3, then answering in kind.
    const run = await play(['--preset', 'nim', '--position', '1', '2', '4'], ['3 1', '1 1', '2 1', '2 2', '3 1', '3 2', '3 3', '1 1', '2 1']);
    expect(run.stdout).toContain('You win!');
  });

  it('illegal input gets a one-line reason and a new prompt, never a crash', async () => {
    const run = await play(['--moves', '1,2,3', '--position', '5', '7'], ['take 9 from heap 1', '7 1', 'hello', '1 -> 9', 'quit']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Not a move: you cannot take 9 from heap 1 (5) under this rule');
    expect(run.stdout).toContain('Not a move: there is no heap 7');
    expect(run.stdout).toContain("Not a move: 'hello' is not a move or a command");
    expect(run.stdout).toContain('Not a move: 5 cannot become 9 in one move');
    expect(run.stdout.match(/your move> /g)!.length).toBe(5);
  });

  it('hint explains the nim-sum and lists the winning moves; undo goes back', async () => {
    const run = await play(['--moves', '1,2,3', '--position', '5', '7'], ['hint', '1 1', 'undo', 'quit']);
    expect(run.stdout).toContain('their nim-sum (xor) is 2');
    expect(run.stdout).toContain('Winning moves:\n  take 2 from heap 1\n  take 2 from heap 2\n');
    const positions = run.stdout.match(/Position: [^\n]*/g)!;
    expect(positions.at(-1)).toBe('Position: 5 7');
  });

  it('splits, two-pile games and misère play', async () => {
    const kayles = await play(['--preset', 'kayles', '--position', '7'], ['1 -> 2 4', 'quit']);
    expect(kayles.stdout).toContain('Position: 2 4');
    const wythoff = await play(['--preset', 'wythoff', '--position', '3:4'], ['1 -> 2:3', 'quit']);
    expect(wythoff.stdout).toContain('Position: 2:3');
    // Misère Nim 1 1 1 with the computer first: it must take a heap, leaving 1 1; the human takes one, the computer takes the last and loses.
    const misere = await play(['--preset', 'nim', '--position', '1', '1', '1', '--misere', '--first', 'computer'], ['1 1', '2 1', '3 1']);
    expect(misere.stdout).toContain('You win!');
  });

  it('a random start from a seed is the same every time, and says its seed', async () => {
    const a = await play(['--preset', 'nim', '--seed', '42'], ['quit']);
    const b = await play(['--preset', 'nim', '--seed', '42'], ['quit']);
    expect(a.stdout).toContain('--seed 42');
    expect(a.stdout.match(/Position: [^\n]*/)![0]).toBe(b.stdout.match(/Position: [^\n]*/)![0]);
  });

  it('bad flags are one line, exit 2', async () => {
    expectBadInput(await runMain(['play', '--preset', 'nim', '--first', 'robot']), '--first robot', { pattern: /--first: 'robot' is not one of human, computer/ });
    expectBadInput(await runMain(['--preset', 'nim', '--seed', '3']), '--seed outside play', { pattern: /--seed is for sg-explore play/ });
  });

  it('play --help is play\'s own: its flags and how moves are written, within 80 columns', async () => {
    for (const flag of ['--help', '-h']) {
      const run = await runMain(['play', '--preset', 'nim', flag]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^sg-explore play RULE/);
      for (const words of ['take 4 from heap 3', '3 -> 1 4', 'heap 3: 7 -> 1 + 4', 'hint', 'undo', '--first', '--level', '--seed']) expect(run.stdout).toContain(words);
      // The main command's table flags are not play's.
      expect(run.stdout).not.toContain('--checkpoint');
      expect(widest(run.stdout)).toBeLessThanOrEqual(80);
    }
  });

  it('play --help --lang zh is in Chinese (play\'s own flags and the moves), within 80 columns counting a Chinese character as two', async () => {
    const run = await runMain(['play', '--preset', 'nim', '--help', '--lang', 'zh']);
    expect(run.code).toBe(0);
    for (const words of ['与电脑对弈', '选项：', '由这个种子随机生成初始局面', '从第 3 堆取走 4 个', '第 3 堆：7 -> 1 + 4', '悔棋', '示例：']) expect(run.stdout).toContain(words);
    expect(Math.max(...run.stdout.split('\n').map(textWidth))).toBeLessThanOrEqual(80);
  });

  it("play --help describes the rule flags in the catalogue's words: in English the core's own (so they cannot drift), in Chinese translated", async () => {
    const flagWords = RULE_WORDS.filter((w) => w.flag);
    expect(flagWords.length).toBeGreaterThan(0);
    for (const w of flagWords) expect(playFlagWords(w.word, translator('en')), w.word).toBe(w.describe);
    expect(playFlagWords('rule', translator('en'))).toBe(EXPLORE_OPTIONS.rule!.describe);
    for (const lang of LANGS) for (const flag of PLAY_FLAGS) expect(CATALOGUES[lang][flagKey(flag)], `${lang} --${flag}`).toBeTruthy();
    // The list follows the table (playHelp): a flag with words in the catalogues and no place there, or the reverse, fails.
    for (const lang of LANGS) expect(Object.keys(CATALOGUES[lang]).filter((key) => key.startsWith('play.flag.')).sort(), lang).toEqual(PLAY_FLAGS.map(flagKey).sort());
    // Every flag for play only has its place in play's help.
    for (const [flag, entry] of Object.entries(EXPLORE_OPTIONS)) if (entry.needs?.some((need) => need.any.includes('play'))) expect(PLAY_FLAGS, flag).toContain(flag);
    expect(PLAY_FLAGS.slice(RULE_WORDS.filter((w) => w.flag).length + 1)).toEqual(['position', 'seed', 'first', 'level', 'misere', 'limit', 'lang']);

    const english = (await runMain(['play', '--help', '--lang', 'en'])).stdout;
    expect(english).toContain('\n  --moves     finite subtraction set: take s tokens for s in S, e.g. 1,2,3\n');
    const chinese = (await runMain(['play', '--help', '--lang', 'zh'])).stdout;
    expect(chinese).toContain('\n  --moves     有限减法集：每次取走 s 个石子（s 属于 S），如 1,2,3\n');
    expect(chinese).toContain('\n  --all-but   可以取走任意正整数个石子，但不能取这些数，如 2,3,7\n');
    expect(chinese).toContain('\n  --preset    预设游戏的名称：nim、bash:<m>、kayles、grundy、wythoff、\n              fibonacci-nim 等（list 列出全部）\n');
    expect(chinese).toContain('\n  --rule      规则文件（.json、.yaml、.yml），或 JS 模块（.mjs、.js，导出\n');
    for (const w of flagWords) expect(chinese, w.word).not.toContain(w.describe.split(':')[0]);
    // The main help stays English: the core's words.
    expect((await runMain(['--help'])).stdout).toContain('finite subtraction set');
  });

  it('the in-game help and every hint fit 80 columns, wrapped between words', async () => {
    const run = await play(['--moves', '1,2', '--position', '999999', '999998', '123456', '987654', '555555', '777777'], ['help', 'hint', 'quit']);
    expect(widest(run.stdout)).toBeLessThanOrEqual(80);
    const hint = run.stdout.slice(run.stdout.indexOf('Values:'), run.stdout.indexOf('Winning moves'));
    // Wrapping only ever replaced a space: every number is whole on its line.
    for (const heap of ['999999', '999998', '123456', '987654', '555555', '777777']) expect(hint).toContain(`${heap} is worth`);
    // The values took more than one line, and the sentence reads the same once its lines are joined.
    expect(hint.trim().split('\n').length).toBeGreaterThan(2);
    expect(hint.replace(/\n/g, ' ')).toMatch(/their nim-sum \(xor\) is \d+\. A/);
  });

  it('every move a hint shows is accepted as a move, as written', async () => {
    const games: string[][] = [
      ['--preset', 'nim', '--position', '3', '5', '7'],
      ['--preset', 'kayles', '--position', '10', '12'],
      ['--preset', 'dawsons-chess', '--position', '9', '14'],
      ['--code', '4!.0', '--position', '10', '13'],
      ['--moves', '1,3,4', '--position', '6', '9', '12'],
      ['--preset', 'wythoff', '--position', '3:5', '4:9', '6:3'],
      ['--preset', 'fibonacci-nim', '--position', '10:9', '6:2'],
      ['--preset', 'nim', '--position', '1', '1', '3', '--misere'],
      ['--preset', 'kayles', '--position', '4', '7', '--misere'],
    ];
    let checked = 0;
    for (const game of games) {
      const shown = await play(game, ['hint', 'quit']);
      const moves = [...shown.stdout.matchAll(/^ {2}(\S.*)$/gm)].map((m) => m[1]!).filter((m) => !m.startsWith('…'));
      expect(moves.length, `${game.join(' ')}: ${shown.stdout}`).toBeGreaterThan(0);
      for (const move of moves) {
        const run = await play(game, [move, 'quit']);
        expect(run.stdout, `${game.join(' ')}: ${move}`).not.toContain('Not a move');
        // The position after the move is the one the move names (the computer then answers from it).
        expect(run.stdout.match(/Position: [^\n]*/g)!.length, `${game.join(' ')}: ${move}`).toBeGreaterThanOrEqual(2);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(games.length);
  });

  it('says what a misère hint rests on in Chinese: the table it computed, the theorem it cites', async () => {
    const pairs = await play(['--preset', 'wythoff', '--misere', '--position', '3:5', '--lang', 'zh'], ['提示', '退出']);
    // (Lines are wrapped at 80 columns: compared without white space.)
    const flat = (text: string) => text.replace(/\s/g, '');
    expect(flat(pairs.stdout)).toContain(flat('根据计算所得（不超过 3:5 的格子的表）'));
    const tame = await play(['--moves', '1,2,3', '--misere', '--position', '7', '--lang', 'zh'], ['提示', '退出']);
    expect(flat(tame.stdout)).toContain(flat('驯服的 genus（Conway，《On Numbers and Games》第 12 章，1976）：石子数 0..7 的每一堆都是驯服的'));
    expect(pairs.stdout + tame.stdout).not.toMatch(/table of|cells up to|every heap/);
  });

  it('says a mistake in the game or position in Chinese with --lang zh, and in English without', async () => {
    const zh = await runMain(['play', '--preset', 'nim', '--position', '3', 'x', '--lang', 'zh']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toBe("sg-explore: --position: 'x' 不是整数（可以写 1000000、1_000_000、1e6 或 2^20）\n");
    const code = await runMain(['play', '--code', '0.9x', '--lang', 'zh']);
    expect(code.stderr).toBe("sg-explore: --code '0.9x': 第 4 个字符 'x': 应为数字 0-9 或 A-F\n");
    const en = await runMain(['play', '--preset', 'nim', '--position', '3', 'x', '--lang', 'en']);
    expect(en.stderr).toBe("sg-explore: --position: 'x' is not a whole number (try 1000000, 1_000_000, 1e6 or 2^20)\n");
  });

  it('speaks Chinese with --lang zh: a whole session, its hint in the contest terms, moves typed as the hint writes them', async () => {
    const run = await play(['--preset', 'nim', '--position', '1', '2', '4', '--lang', 'zh'], ['提示', '从第 3 堆取走 1 个', '悔棋', '第 9 堆取走 1 个', '3 1', '1 1', '2 1', '2 2', '3 1', '3 2', '3 3', '1 1', '2 1']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('开始对弈（正常规则：走最后一步的人赢）');
    expect(run.stdout).toContain('SG 函数值：1 的 SG 值为 1，2 的 SG 值为 2，4 的 SG 值为 4；它们的异或和为 7。');
    expect(run.stdout).toContain('先手必胜（必胜态）');
    expect(run.stdout).toContain('二进制：001 xor 010 xor 100 = 111。');
    expect(run.stdout).toContain('必胜走法：\n  从第 3 堆取走 1 个\n');
    expect(run.stdout).toContain('电脑走：');
    expect(run.stdout).toContain('不是合法走法：没有第 9 堆（编号为 1 到 3）');
    expect(run.stdout).toContain('你赢了！');
    // Not one English word of the session's own (the moves typed are echoed; the rest is the catalogue's).
    for (const english of ['Position', 'You win', 'The computer', 'Not a move', 'nim-sum', 'your move']) expect(run.stdout).not.toContain(english);
  });

  it('takes its language from the locale (LC_ALL, then LC_MESSAGES, then LANG), and --lang over it', async () => {
    const session = (args: string[], env: NodeJS.ProcessEnv) => runMain(['play', '--preset', 'nim', '--position', '1', '1', ...args], { stdin: 'hint\nquit\n', env: { LC_ALL: '', LC_MESSAGES: '', LANG: '', ...env } });
    expect((await session([], { LANG: 'zh_CN.UTF-8' })).stdout).toContain('先手必败（必败态）');
    expect((await session([], { LC_ALL: 'C', LANG: 'zh_CN.UTF-8' })).stdout.replace(/\n/g, ' ')).toContain('the player to move loses: a P-position');
    expect((await session([], { LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_GB.UTF-8' })).stdout).toContain('局面：1 1');
    expect((await session(['--lang', 'en'], { LANG: 'zh_CN.UTF-8' })).stdout).toContain('Position: 1 1');
    expect((await session(['--lang=zh'], {})).stdout).toContain('异或和为 0');
    expectBadInput(await runMain(['play', '--preset', 'nim', '--lang', 'fr']), '--lang fr', { pattern: /--lang: 'fr' is not one of en, zh/ });
    // play's own refusals speak the language too.
    expectBadInput(await runMain(['play', '--preset', 'nim', '--format', 'csv', '--lang', 'zh']), '--format in Chinese', { pattern: /play 在终端上对弈：这里不能用 --out, --format/ });
    expectBadInput(await runMain(['play', '--preset', 'nim', '--format', 'csv'], { env: { LC_ALL: '', LC_MESSAGES: '', LANG: 'C' } }), '--format in English', { pattern: /play talks on the terminal: --out, --format do not apply here/ });
  });

  it('a move written as a hint writes it names the state it starts from', async () => {
    const run = await play(['--preset', 'kayles', '--position', '10', '12'], ['heap 1: 9 -> 1 + 7', 'heap 1: 10 -> 1 + 7', 'quit']);
    expect(run.stdout).toContain('Not a move: heap 1 is 10, not 9');
    expect(run.stdout).toContain('Position: 1 7 12');
  });
});

describe("play's progress line on stderr", () => {
  const parts = (unit: string, ceiling: string | null): ProgressParts => ({ done: '1,234', unit, ceiling, percent: null, rate: '5,678', seconds: '2.5', left: null, unproven: unit === 'values' });
  const units = ['values', 'heaps', 'steps', 'cells', 'states', 'positions searched'];

  it("is the CLI's line word for word in English, and Chinese, unit included, in Chinese", () => {
    expect(ENGLISH_PROGRESS(parts('values', '10,000'))).toBe('computing: 1,234 values of at most 10,000, 5,678/s, 2.5 s (no proof yet)');
    expect(ENGLISH_PROGRESS(parts('cells', null))).toBe('computing: 1,234 cells, 5,678/s, 2.5 s');
    const en = progressWords(translator('en'));
    const zh = progressWords(translator('zh'));
    for (const unit of [...units, 'bytes read']) for (const ceiling of [null, '10,000']) expect(en(parts(unit, ceiling))).toBe(ENGLISH_PROGRESS(parts(unit, ceiling)));
    expect(zh(parts('values', '10,000'))).toBe('计算中：1,234 个值（最多 10,000），每秒 5,678，已用 2.5 秒，尚未找到证明');
    expect(zh(parts('steps', null))).toBe('计算中：1,234 步，每秒 5,678，已用 2.5 秒');
    for (const unit of units) expect(zh(parts(unit, null)), unit).not.toContain(unit);
  });

  it('fits the terminal by columns, a Chinese character counting two, giving up whole parts', async () => {
    const stream = Object.assign(new PassThrough(), { columns: 30 });
    let text = '';
    stream.setEncoding('utf8').on('data', (c: string) => (text += c));
    const progress = progressReporter('terminal', stream, { words: progressWords(translator('zh')), clock: () => 1000 });
    progress.update(1234, 10_000, 'cells');
    progress.done();
    await new Promise((resolve) => setImmediate(resolve));
    // 29 columns: the elapsed time, the rate and the ceiling give way to the percentage; the line is drawn, then cleared.
    expect(text).toBe('\r\u001b[2K计算中：1,234 个格子，12%\r\u001b[2K');
  });

  it('a hint forced to show progress (--progress) speaks the language of --lang', async () => {
    // A two-pile game with no theorem (Wythoff's needs no table): the table of 31 x 41 cells is computed for the hint.
    const hint = (lang: string) => play(['--vectors', '(1,0) (0,1) (1,1)x2', '--position', '30:40', '--progress', '--lang', lang], ['hint', 'quit']);
    const zh = await hint('zh');
    expect(zh.code, zh.stderr).toBe(0);
    expect(zh.stderr).toMatch(/^\r\u001b\[2K计算中：[\d,]+ 个格子（最多 1,271），\d+%，每秒 [\d,]+，已用 \d+\.\d 秒\r\u001b\[2K$/);
    expect(zh.stdout).toContain('必胜走法');
    const en = await hint('en');
    expect(en.stderr).toMatch(/^\r\u001b\[2Kcomputing: [\d,]+ cells of at most 1,271 \(\d+%\), [\d,]+\/s, \d+\.\d s\r\u001b\[2K$/);
  });
});

describe("play by a theorem: no table for the start", () => {
  // Wythoff's P-positions by the definition's characterisation, in exact integers: (a, b), a <= b, is P when
  // a = floor((b - a) * phi), phi = (1 + sqrt 5) / 2, i.e. a = floor(((b - a) + isqrt(5 (b - a)^2)) / 2).
  const isqrt = (n: bigint) => {
    let x = BigInt(Math.floor(Math.sqrt(Number(n))));
    while (x * x > n) x--;
    while ((x + 1n) * (x + 1n) <= n) x++;
    return x;
  };
  const isP = (x: number, y: number) => {
    const [a, b] = x <= y ? [BigInt(x), BigInt(y)] : [BigInt(y), BigInt(x)];
    const d = b - a;
    return a === (d + isqrt(5n * d * d)) / 2n;
  };

  it('Wythoff from 9999:9999 and from random starts past a table of 10^8 cells: the hint cites the theorem, each reply leaves a P-position', async () => {
    const random = mulberry32(1907);
    const starts = ['9999:9999', ...Array.from({ length: 4 }, () => `${int(random, 5000, 20000)}:${int(random, 5000, 20000)}`)];
    for (const start of starts) {
      const run = await runMain(['play', '--preset', 'wythoff', '--position', start, '--first', 'computer'], { stdin: 'hint\nquit\n' });
      expect(run.code, run.stderr).toBe(0);
      // No table was computed: no progress of cells on stderr.
      expect(run.stderr).not.toMatch(/cells/);
      const [x, y] = start.split(':').map(Number) as [number, number];
      const reply = /The computer plays: [^\n]*\n\nPosition: (\d+):(\d+)/.exec(run.stdout);
      if (isP(x, y)) continue;
      expect(reply, run.stdout).not.toBeNull();
      expect(isP(Number(reply![1]), Number(reply![2])), reply![0]).toBe(true);
    }
    const hint = await runMain(['play', '--preset', 'wythoff', '--position', '9999:9999'], { stdin: 'hint\nquit\n' });
    expect(hint.stdout).toMatch(/By theorem: Wythoff \(1907\)[^]*the player to move wins: an\s+N-position\.\nThe winning move:\n {2}pair 1: 9999:9999 -> 0:0\n/);
    expect(hint.stderr).not.toMatch(/cells/);
  });
});
