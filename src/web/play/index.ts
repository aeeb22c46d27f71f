/**
 * The play view: a game against the computer, set up from the link's hash
 * (settings.ts), drawn by draw.ts, played by the engine worker (the session
 * and every evaluation live there, so the page never freezes). The page
 * keeps the game's moves, so a worker that was replaced gets the game back.
 */
import type { MountView } from '../context.js';
import type { Running } from '../engine/client.js';
import { Cancelled } from '../engine/client.js';
import type { HintView, OptionView, PlayOpen, PlayProgress, PlaySnapshot } from './protocol.js';
import { PRESETS, positionWords, randomSeed, readSettings, settingsHash, type PlaySettings } from './settings.js';
import { drawComponents, el } from './draw.js';
import { installPlayStyle } from './style.js';
import { errorText } from '../error-text.js';
import type { MessageKey } from '../../core/i18n/index.js';
import { unitWord } from '../../core/play/words.js';

/** The computer waits this long before it answers, so a person sees their own move first. */
const COMPUTER_PAUSE_MS = 300;

export const mountPlay: MountView = (root, { t, lang, engine }, params) => {
  installPlayStyle();
  let settings = readSettings(params);
  let snap: PlaySnapshot | null = null;
  let hint: HintView | null = null;
  let choosing: { component: number; take: number } | null = null;
  let busy = false;
  /** The boards' side: the largest coordinate of this game's pairs so far, plus 1. */
  let side = 0;
  let status = '';
  let error = '';
  const log: string[] = [];
  /** Each new game (and unmounting) ends the old one's pending answers. */
  let generation = 0;
  const running = new Set<Running<unknown>>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const call = <T>(op: string, args: unknown, progress?: (p: PlayProgress) => void): Promise<T> => {
    const run = engine.call<T>(op, args, progress as (p: unknown) => void);
    running.add(run);
    return run.result.finally(() => running.delete(run));
  };
  const openArgs = (replay?: readonly string[]): PlayOpen => ({ lang, game: { word: settings.word, text: settings.text }, ...(settings.position ? { position: settings.position } : {}), seed: settings.seed, misere: settings.misere, first: settings.first, level: settings.level, replay });
  /** An operation on the open game; a fresh worker (the old one was ended) gets the game again first. */
  const onGame = async <T>(op: string, args: Record<string, unknown>, progress?: (p: PlayProgress) => void): Promise<T> => {
    try {
      return await call<T>(op, { id: snap!.id, ...args }, progress);
    } catch (e) {
      if (!(e instanceof Error) || !/no such game/.test(e.message)) throw e;
      snap = await call<PlaySnapshot>('play.open', openArgs(snap!.played));
      return call<T>(op, { id: snap.id, ...args }, progress);
    }
  };
  /** While an evaluation takes long: how far it has got and for how long, in a line of its own (the board is not drawn again). */
  let started = 0;
  const showProgress = (p: PlayProgress) => {
    progressLine.textContent = t('play.web.progress', { done: p.done.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en'), unit: unitWord(t, p.unit), seconds: ((performance.now() - started) / 1000).toFixed(0) });
  };
  const working = (on: boolean) => {
    started = performance.now();
    progressLine.textContent = '';
    progressLine.hidden = !on;
  };

  // The page's parts: the settings form, the status, the position, the buttons, the hint, the moves so far.
  const form = el('form', { class: 'settings' });
  // On a phone the settings fold away, so the game is on the first screen.
  const setup = el('details', { class: 'setup' }, el('summary', {}, t('play.web.game')), form);
  setup.open = !window.matchMedia?.('(max-width: 600px)').matches;
  const ruleLine = el('p', { class: 'rule-line' });
  const statusLine = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  // Not announced at each update (the status line says what is going on); hidden when nothing runs.
  const progressLine = el('p', { class: 'progress', hidden: '' });
  const stopButton = el('button', { type: 'button', class: 'action', hidden: '' }, t('play.web.stop'));
  const board = el('section', { class: 'position', 'aria-label': t('play.web.board') });
  const undoButton = el('button', { type: 'button', class: 'action' }, t('play.web.undo'));
  const hintButton = el('button', { type: 'button', class: 'action' }, t('play.web.hint'));
  const hintPanel = el('section', { class: 'hint', 'aria-live': 'polite', 'aria-label': t('play.web.hint') });
  const history = el('ol', { class: 'history', 'aria-label': t('play.web.history') });
  const view = el(
    'div',
    { class: 'play-view' },
    // The page's bar (the app shell) links to the explore view and switches the language.
    el('header', {}, el('h1', {}, t('play.web.heading'))),
    setup,
    ruleLine,
    statusLine,
    progressLine,
    board,
    el('div', { class: 'actions' }, undoButton, hintButton, stopButton),
    hintPanel,
    el('details', { class: 'moves-played' }, el('summary', {}, t('play.web.history')), history),
  );
  root.replaceChildren(view);

  // The form: every field a setting of the hash.
  const field = (label: string, control: HTMLElement, note?: string) => el('label', {}, el('span', {}, label), control, ...(note ? [el('small', {}, note)] : []));
  const gameSelect = el('select', { name: 'game' });
  for (const preset of PRESETS) gameSelect.append(el('option', { value: `preset=${preset}` }, t(`play.web.preset.${preset}` as MessageKey)));
  const positionInput = el('input', { name: 'position', type: 'text', inputmode: 'text', autocomplete: 'off', spellcheck: 'false' });
  const firstSelect = el('select', { name: 'first' }, el('option', { value: 'human' }, t('play.web.first.human')), el('option', { value: 'computer' }, t('play.web.first.computer')));
  const levelSelect = el('select', { name: 'level' }, ...Array.from({ length: 10 }, (_, i) => el('option', { value: String(10 - i) }, String(10 - i))));
  const seedInput = el('input', { name: 'seed', type: 'number', min: '0', max: String(2 ** 31 - 1), step: '1' });
  const misereBox = el('input', { name: 'misere', type: 'checkbox' });
  const newButton = el('button', { type: 'submit', class: 'primary' }, t('play.web.newGame'));
  const randomButton = el('button', { type: 'button' }, t('play.web.randomStart'));
  form.append(
    field(t('play.web.game'), gameSelect),
    field(t('play.web.position'), positionInput, t('play.web.positionHelp')),
    field(t('play.web.first'), firstSelect),
    field(t('play.web.level'), levelSelect),
    field(t('play.web.seed'), seedInput),
    el('label', { class: 'check' }, misereBox, el('span', {}, t('play.web.misere'))),
    el('div', { class: 'buttons' }, newButton, randomButton),
  );

  const fillForm = () => {
    const value = `${settings.word}=${settings.text}`;
    if (![...gameSelect.options].some((o) => o.value === value)) gameSelect.append(el('option', { value }, `${settings.word} ${settings.text}`));
    gameSelect.value = value;
    positionInput.value = settings.position?.join(' ') ?? '';
    firstSelect.value = settings.first;
    levelSelect.value = String(settings.level);
    seedInput.value = String(settings.seed);
    misereBox.checked = settings.misere;
  };
  const readForm = (random: boolean): PlaySettings => {
    const [word, ...rest] = gameSelect.value.split('=');
    const seed = Number(seedInput.value);
    return {
      word: word!,
      text: rest.join('='),
      position: random ? null : positionWords(positionInput.value),
      first: firstSelect.value === 'computer' ? 'computer' : 'human',
      level: Number(levelSelect.value),
      seed: random ? randomSeed() : Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31 ? seed : randomSeed(),
      misere: misereBox.checked,
    };
  };

  const render = () => {
    const live = Boolean(snap && snap.humanToMove && !snap.result && !busy);
    if (snap) {
      const winning = new Set(hint?.winning ?? []);
      for (const component of snap.shape === 'pairs' ? snap.components : []) if (component.pair) side = Math.max(side, component.pair[0] + 1, component.pair[1] + 1);
      board.replaceChildren(
        drawComponents(
          {
            t,
            live,
            winning,
            queen: settings.word === 'preset' && settings.text === 'wythoff',
            choosing,
            side,
            play: (option) => void humanMove(option),
            type: (component, text) => void typedMove(component, text),
            choose: (choice) => {
              choosing = choice;
              render();
            },
          },
          snap,
        ),
      );
    }
    const state = !snap ? 'loading' : snap.result ? (snap.result.humanWins ? 'won' : 'lost') : busy ? 'computer' : snap.humanToMove ? 'human' : 'computer';
    view.dataset.state = state;
    ruleLine.textContent = t(settings.misere ? 'play.web.rule.misere' : 'play.web.rule.normal');
    statusLine.textContent = error ? t('play.web.error', { message: error }) : status;
    undoButton.disabled = !snap?.canUndo || busy;
    hintButton.disabled = !live;
    hintPanel.replaceChildren();
    if (hint && snap && !snap.result) {
      hintPanel.append(...hint.paragraphs.map((p) => el('p', {}, p)));
      if (hint.heading) {
        // Each winning move listed is a button too: the keyboard's shortest way to follow the hint.
        const item = (m: { key: string; words: string }) => {
          const button = el('button', { type: 'button', class: 'hint-move', 'data-key': m.key }, m.words);
          button.disabled = !live;
          button.addEventListener('click', () => void humanMove(m));
          return el('li', {}, button);
        };
        hintPanel.append(el('p', { class: 'heading' }, hint.heading), el('ul', {}, ...hint.moves.map(item), ...(hint.more ? [el('li', {}, hint.more)] : [])));
      }
    }
    history.replaceChildren(...log.map((line) => el('li', {}, line)));
  };

  const fail = (e: unknown) => {
    if (e instanceof Cancelled) return;
    busy = false;
    error = errorText(e, t);
    render();
  };

  /** The status after a snapshot: the result, or whose turn it is. */
  const settle = (mine: number, said?: string) => {
    if (mine !== generation || !snap) return;
    if (snap.result) status = [said, t(snap.result.humanWins ? 'play.web.youWin' : 'play.web.computerWins')].filter(Boolean).join(' ');
    else if (snap.humanToMove) status = [said, t('play.web.yourTurn')].filter(Boolean).join(' ');
    render();
    if (!snap.result && !snap.humanToMove) computerTurn(mine);
  };

  const computerTurn = (mine: number) => {
    busy = true;
    status = t('play.web.thinking');
    render();
    timer = setTimeout(async () => {
      try {
        working(true);
        const answer = await onGame<{ snapshot: PlaySnapshot; move: string | null }>('play.computer', {}, showProgress);
        working(false);
        if (mine !== generation) return;
        snap = answer.snapshot;
        busy = false;
        const said = answer.move ? t('play.web.computerPlayed', { move: answer.move }) : undefined;
        if (said) log.push(said);
        settle(mine, said);
      } catch (e) {
        if (mine === generation) fail(e);
      }
    }, COMPUTER_PAUSE_MS);
  };

  const humanMove = async (option: Pick<OptionView, 'key' | 'words'>) => {
    if (!snap || busy) return;
    const mine = generation;
    busy = true;
    hint = null;
    choosing = null;
    error = '';
    render();
    try {
      snap = await onGame<PlaySnapshot>('play.move', { key: option.key });
      if (mine !== generation) return;
      busy = false;
      log.push(t('play.web.youPlayed', { move: option.words }));
      settle(mine);
    } catch (e) {
      if (mine === generation) fail(e);
    }
  };

  /** A move typed for a component with too many moves to draw: the worker reads it as the terminal does. */
  const typedMove = async (component: number, text: string) => {
    if (!snap || busy || !text.trim()) return;
    const mine = generation;
    busy = true;
    hint = null;
    error = '';
    render();
    try {
      const answer = await onGame<{ snapshot: PlaySnapshot; refused: string | null; words?: string }>('play.typed', { component, text });
      if (mine !== generation) return;
      snap = answer.snapshot;
      busy = false;
      if (answer.refused) {
        status = t('play.web.refused', { reason: answer.refused });
        render();
        return;
      }
      log.push(t('play.web.youPlayed', { move: answer.words! }));
      settle(mine);
    } catch (e) {
      if (mine === generation) fail(e);
    }
  };

  const newGame = async () => {
    const mine = ++generation;
    clearTimeout(timer);
    for (const run of running) run.cancel();
    snap = null;
    side = 0;
    hint = null;
    choosing = null;
    busy = true;
    error = '';
    status = t('play.web.thinking');
    log.length = 0;
    history.replaceChildren();
    // The link holds the game; replaceState does not reload the view (no hashchange).
    window.history.replaceState(null, '', settingsHash(settings));
    fillForm();
    render();
    try {
      const opened = await call<PlaySnapshot>('play.open', openArgs());
      if (mine !== generation) return;
      snap = opened;
      busy = false;
      settle(mine, opened.random ? t('play.web.randomFrom', { seed: settings.seed }) : undefined);
    } catch (e) {
      if (mine === generation) fail(e);
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    settings = readForm(false);
    void newGame();
  });
  randomButton.addEventListener('click', () => {
    settings = readForm(true);
    void newGame();
  });
  /** Undo and hint: one at a time, the page's buttons off meanwhile. */
  const act = (run: (mine: number) => Promise<void>) => async () => {
    if (!snap || busy) return;
    const mine = generation;
    busy = true;
    render();
    try {
      await run(mine);
    } catch (e) {
      if (mine === generation) fail(e);
    }
  };
  undoButton.addEventListener(
    'click',
    act(async (mine) => {
      const back = await onGame<PlaySnapshot>('play.undo', {});
      if (mine !== generation) return;
      snap = back;
      busy = false;
      hint = null;
      choosing = null;
      log.splice(back.played.length);
      settle(mine);
    }),
  );
  hintButton.addEventListener(
    'click',
    act(async (mine) => {
      status = t('play.web.working');
      working(true);
      stopButton.hidden = false;
      render();
      let found: HintView;
      try {
        found = await onGame<HintView>('play.hint', {}, showProgress);
      } catch (e) {
        if (!(e instanceof Cancelled) || mine !== generation) throw e;
        // Stopped: the worker was ended; the next call opens the game again on a fresh one, its moves replayed.
        busy = false;
        status = t('play.web.stopped');
        render();
        return;
      } finally {
        working(false);
        stopButton.hidden = true;
      }
      if (mine !== generation) return;
      hint = found;
      busy = false;
      status = t('play.web.yourTurn');
      render();
      (board.querySelector<HTMLElement>('.winning') ?? hintPanel).scrollIntoView?.({ block: 'nearest' });
    }),
  );

  stopButton.addEventListener('click', () => {
    for (const run of running) run.cancel();
  });

  void newGame();
  return {
    unmount: () => {
      generation++;
      clearTimeout(timer);
      for (const run of running) run.cancel();
      root.replaceChildren();
    },
  };
};
