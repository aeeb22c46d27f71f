/**
 * The play view: a game against the computer, set up from the link's hash
 * (settings.ts), drawn by draw.ts, played by the engine worker (the session
 * and every evaluation live there, so the page never freezes). The page
 * keeps the game's moves, so a worker that was replaced gets the game back.
 */
import type { AppContext, MountView } from '../context.js';
import type { Running } from '../engine/client.js';
import { Cancelled } from '../engine/client.js';
import type { HintView, OptionView, PlayOpen, PlayProgress, PlaySnapshot } from './protocol.js';
import { positionWords, randomSeed, readSettings, settingsHash, type PlaySettings } from './settings.js';
import type { FormChoices } from '../engine/explore-protocol.js';
import { drawComponents, el } from './draw.js';
import { installPlayStyle } from './style.js';
import { errorText } from '../error-text.js';
import { isMessageKey, say, type Translate } from '../../core/i18n/index.js';
import { unitWord } from '../../core/play/words.js';

/** The computer waits this long before it answers, so a person sees their own move first. */
const COMPUTER_PAUSE_MS = 300;

export const mountPlay: MountView = (root, context, params) => {
  installPlayStyle();
  const page = playPage(context.t);
  root.replaceChildren(page.view);
  const game = new PlayGame(context, page, settingsForm(context.t, page.form, context.engine.call<FormChoices>('form', {}).result), readSettings(params));
  void game.newGame();
  return {
    unmount: () => {
      game.end();
      root.replaceChildren();
    },
  };
};

/** The page's parts: the settings form, the status, the position, the buttons, the hint, the moves so far. */
function playPage(t: Translate) {
  const form = el('form', { class: 'settings' });
  // On a phone the settings fold away, so the game is on the first screen.
  const setup = el('details', { class: 'setup' }, el('summary', {}, t('play.web.game')), form);
  setup.open = !window.matchMedia?.('(max-width: 600px)').matches;
  const ruleLine = el('p', { class: 'rule-line' });
  const statusLine = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  // Not announced at each update (the status line says what is going on); hidden when nothing runs.
  const progressLine = el('p', { class: 'progress', hidden: '' });
  const stopButton = el('button', { type: 'button', class: 'action', hidden: '' }, t('play.web.stop'));
  // Shown once a game is over: the same game again from its start.
  const againButton = el('button', { type: 'button', class: 'action primary', hidden: '' }, t('play.web.again'));
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
    el('div', { class: 'actions' }, againButton, undoButton, hintButton, stopButton),
    hintPanel,
    el('details', { class: 'moves-played' }, el('summary', {}, t('play.web.history')), history),
  );
  return { form, ruleLine, statusLine, progressLine, stopButton, againButton, board, undoButton, hintButton, hintPanel, history, view };
}

type PlayPage = ReturnType<typeof playPage>;

/** A preset's name in the page's language: the catalogue's short name where it has one, else what the preset is. */
function presetLabel(preset: FormChoices['presets'][number], t: Translate): string {
  const key = `play.web.preset.${preset.value}`;
  return isMessageKey(key) ? t(key) : preset.about ? say(preset.about, t) : preset.description;
}

/**
 * The form: every field a setting of the hash. Fills `form`; `fill` shows settings, `read` takes them (a random start:
 * `random`). Its games are the presets whose kind plays (`choices`, from the registries), any other rule from a link.
 */
function settingsForm(t: Translate, form: HTMLFormElement, choices: Promise<FormChoices>) {
  const field = (label: string, control: HTMLElement, note?: string) => el('label', {}, el('span', {}, label), control, ...(note ? [el('small', {}, note)] : []));
  const gameSelect = el('select', { name: 'game' });
  void choices.then((c) => {
    const shown = gameSelect.value;
    const presets = c.presets.filter((p) => p.allows.play).map((p) => el('option', { value: `preset=${p.value}` }, presetLabel(p, t)));
    // A rule from a link that is no preset stays on the list, chosen.
    const own = [...gameSelect.options].filter((o) => o.value === shown && !presets.some((p) => p.value === shown));
    gameSelect.replaceChildren(...presets, ...own);
    if (shown) gameSelect.value = shown;
  });
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

  const fill = (settings: PlaySettings) => {
    const value = `${settings.word}=${settings.text}`;
    if (![...gameSelect.options].some((o) => o.value === value)) gameSelect.append(el('option', { value }, `${settings.word} ${settings.text}`));
    gameSelect.value = value;
    positionInput.value = settings.position?.join(' ') ?? '';
    firstSelect.value = settings.first;
    levelSelect.value = String(settings.level);
    seedInput.value = String(settings.seed);
    misereBox.checked = settings.misere;
  };
  const read = (random: boolean): PlaySettings => {
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
  return { fill, read, randomButton };
}

type SettingsForm = ReturnType<typeof settingsForm>;

/**
 * One play view's game: its state (the snapshot, the hint, whose turn),
 * the engine calls that change it, and `render`, which shows it. A class so
 * that each step (a move, the computer's turn, undo, a hint) is a method of
 * its own sharing that state.
 */
class PlayGame {
  private snap: PlaySnapshot | null = null;
  private hint: HintView | null = null;
  private choosing: { component: number; take: number } | null = null;
  private busy = false;
  /** The boards' side: the largest coordinate of this game's pairs so far, plus 1. */
  private side = 0;
  private status = '';
  private error = '';
  private readonly log: string[] = [];
  /** Each new game (and unmounting) ends the old one's pending answers. */
  private generation = 0;
  private readonly running = new Set<Running<unknown>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the evaluation now shown in the progress line started (performance.now()). */
  private started = 0;
  private readonly t: Translate;

  constructor(
    private readonly context: AppContext,
    private readonly page: PlayPage,
    private readonly form: SettingsForm,
    private settings: PlaySettings,
  ) {
    this.t = context.t;
    this.listen();
  }

  /** The form's buttons start a new game; undo, hint and stop act on this one. */
  private listen(): void {
    const { page } = this;
    page.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.settings = this.form.read(false);
      void this.newGame();
    });
    this.form.randomButton.addEventListener('click', () => {
      this.settings = this.form.read(true);
      void this.newGame();
    });
    page.againButton.addEventListener('click', () => void this.newGame());
    page.undoButton.addEventListener('click', this.act((mine) => this.undo(mine)));
    page.hintButton.addEventListener('click', this.act((mine) => this.askHint(mine)));
    page.stopButton.addEventListener('click', () => {
      for (const run of this.running) run.cancel();
    });
  }

  /** Unmounting: pending answers are dropped, the computer's pause and the engine's work ended. */
  end(): void {
    this.generation++;
    clearTimeout(this.timer);
    for (const run of this.running) run.cancel();
  }

  private call<T>(op: string, args: unknown, progress?: (p: PlayProgress) => void): Promise<T> {
    const run = this.context.engine.call<T>(op, args, progress as (p: unknown) => void);
    this.running.add(run);
    return run.result.finally(() => this.running.delete(run));
  }

  private openArgs(replay?: readonly string[]): PlayOpen {
    const { settings } = this;
    return { lang: this.context.lang, game: { word: settings.word, text: settings.text }, ...(settings.position ? { position: settings.position } : {}), seed: settings.seed, misere: settings.misere, first: settings.first, level: settings.level, replay };
  }

  /** An operation on the open game; a fresh worker (the old one was ended) gets the game again first. */
  private async onGame<T>(op: string, args: Record<string, unknown>, progress?: (p: PlayProgress) => void): Promise<T> {
    try {
      return await this.call<T>(op, { id: this.snap!.id, ...args }, progress);
    } catch (e) {
      if (!(e instanceof Error) || !/no such game/.test(e.message)) throw e;
      this.snap = await this.call<PlaySnapshot>('play.open', this.openArgs(this.snap!.played));
      return this.call<T>(op, { id: this.snap.id, ...args }, progress);
    }
  }

  /** While an evaluation takes long: how far it has got and for how long, in a line of its own (the board is not drawn again). */
  private readonly showProgress = (p: PlayProgress): void => {
    const { t, context } = this;
    this.page.progressLine.textContent = t('play.web.progress', { done: p.done.toLocaleString(context.lang === 'zh' ? 'zh-CN' : 'en'), unit: unitWord(t, p.unit), seconds: ((performance.now() - this.started) / 1000).toFixed(0) });
  };

  private working(on: boolean): void {
    this.started = performance.now();
    this.page.progressLine.textContent = '';
    this.page.progressLine.hidden = !on;
  }

  private render(): void {
    const { snap, page, t } = this;
    const live = Boolean(snap && snap.humanToMove && !snap.result && !this.busy);
    if (snap) this.drawBoard(snap, live);
    const state = !snap ? 'loading' : snap.result ? (snap.result.humanWins ? 'won' : 'lost') : this.busy ? 'computer' : snap.humanToMove ? 'human' : 'computer';
    page.view.dataset.state = state;
    page.ruleLine.textContent = t(this.settings.misere ? 'play.web.rule.misere' : 'play.web.rule.normal');
    page.statusLine.textContent = this.error ? t('play.web.error', { message: this.error }) : this.status;
    page.undoButton.disabled = !snap?.canUndo || this.busy;
    page.hintButton.disabled = !live;
    page.againButton.hidden = !snap?.result;
    page.hintPanel.replaceChildren();
    if (this.hint && snap && !snap.result) this.drawHint(this.hint, live);
    page.history.replaceChildren(...this.log.map((line) => el('li', {}, line)));
  }

  private drawBoard(snap: PlaySnapshot, live: boolean): void {
    const { settings, t } = this;
    const winning = new Set(this.hint?.winning ?? []);
    for (const component of snap.shape === 'pairs' ? snap.components : []) if (component.pair) this.side = Math.max(this.side, component.pair[0] + 1, component.pair[1] + 1);
    this.page.board.replaceChildren(
      drawComponents(
        {
          t,
          live,
          winning,
          queen: settings.word === 'preset' && settings.text === 'wythoff',
          choosing: this.choosing,
          side: this.side,
          play: (option) => void this.humanMove(option),
          type: (component, text) => void this.typedMove(component, text),
          choose: (choice) => {
            this.choosing = choice;
            this.render();
          },
        },
        snap,
      ),
    );
  }

  private drawHint(hint: HintView, live: boolean): void {
    const { hintPanel } = this.page;
    hintPanel.append(...hint.paragraphs.map((p) => el('p', {}, p)));
    if (hint.heading) {
      // Each winning move listed is a button too: the keyboard's shortest way to follow the hint.
      const item = (m: { key: string; words: string }) => {
        const button = el('button', { type: 'button', class: 'hint-move', 'data-key': m.key }, m.words);
        button.disabled = !live;
        button.addEventListener('click', () => void this.humanMove(m));
        return el('li', {}, button);
      };
      hintPanel.append(el('p', { class: 'heading' }, hint.heading), el('ul', {}, ...hint.moves.map(item), ...(hint.more ? [el('li', {}, hint.more)] : [])));
    }
  }

  private fail(e: unknown): void {
    if (e instanceof Cancelled) return;
    this.busy = false;
    this.error = errorText(e, this.t);
    this.render();
  }

  /** The status after a snapshot: the result, or whose turn it is. */
  private settle(mine: number, said?: string): void {
    const { snap, t } = this;
    if (mine !== this.generation || !snap) return;
    if (snap.result) this.status = [said, t(snap.result.humanWins ? 'play.web.youWin' : 'play.web.computerWins')].filter(Boolean).join(' ');
    else if (snap.humanToMove) this.status = [said, t('play.web.yourTurn')].filter(Boolean).join(' ');
    this.render();
    if (!snap.result && !snap.humanToMove) this.computerTurn(mine);
  }

  private computerTurn(mine: number): void {
    this.busy = true;
    this.status = this.t('play.web.thinking');
    this.render();
    this.timer = setTimeout(async () => {
      try {
        this.working(true);
        const answer = await this.onGame<{ snapshot: PlaySnapshot; move: string | null }>('play.computer', {}, this.showProgress);
        this.working(false);
        if (mine !== this.generation) return;
        this.snap = answer.snapshot;
        this.busy = false;
        const said = answer.move ? this.t('play.web.computerPlayed', { move: answer.move }) : undefined;
        if (said) this.log.push(said);
        this.settle(mine, said);
      } catch (e) {
        if (mine === this.generation) this.fail(e);
      }
    }, COMPUTER_PAUSE_MS);
  }

  private async humanMove(option: Pick<OptionView, 'key' | 'words'>): Promise<void> {
    if (!this.snap || this.busy) return;
    const mine = this.generation;
    this.busy = true;
    this.hint = null;
    this.choosing = null;
    this.error = '';
    this.render();
    try {
      this.snap = await this.onGame<PlaySnapshot>('play.move', { key: option.key });
      if (mine !== this.generation) return;
      this.busy = false;
      this.log.push(this.t('play.web.youPlayed', { move: option.words }));
      this.settle(mine);
    } catch (e) {
      if (mine === this.generation) this.fail(e);
    }
  }

  /** A move typed for a component with too many moves to draw: the worker reads it as the terminal does. */
  private async typedMove(component: number, text: string): Promise<void> {
    if (!this.snap || this.busy || !text.trim()) return;
    const mine = this.generation;
    this.busy = true;
    this.hint = null;
    this.error = '';
    this.render();
    try {
      const answer = await this.onGame<{ snapshot: PlaySnapshot; refused: string | null; words?: string }>('play.typed', { component, text });
      if (mine !== this.generation) return;
      this.snap = answer.snapshot;
      this.busy = false;
      if (answer.refused) {
        this.status = this.t('play.web.refused', { reason: answer.refused });
        this.render();
        return;
      }
      this.log.push(this.t('play.web.youPlayed', { move: answer.words! }));
      this.settle(mine);
    } catch (e) {
      if (mine === this.generation) this.fail(e);
    }
  }

  async newGame(): Promise<void> {
    const mine = ++this.generation;
    clearTimeout(this.timer);
    for (const run of this.running) run.cancel();
    this.snap = null;
    this.side = 0;
    this.hint = null;
    this.choosing = null;
    this.busy = true;
    this.error = '';
    this.status = this.t('play.web.thinking');
    this.log.length = 0;
    this.page.history.replaceChildren();
    // The link holds the game; replaceState does not reload the view (no hashchange).
    window.history.replaceState(null, '', settingsHash(this.settings));
    this.form.fill(this.settings);
    this.render();
    try {
      const opened = await this.call<PlaySnapshot>('play.open', this.openArgs());
      if (mine !== this.generation) return;
      this.snap = opened;
      this.busy = false;
      this.settle(mine, opened.random ? this.t('play.web.randomFrom', { seed: this.settings.seed }) : undefined);
    } catch (e) {
      if (mine === this.generation) this.fail(e);
    }
  }

  /** Undo and hint: one at a time, the page's buttons off meanwhile. */
  private act(run: (mine: number) => Promise<void>): () => Promise<void> {
    return async () => {
      if (!this.snap || this.busy) return;
      const mine = this.generation;
      this.busy = true;
      this.render();
      try {
        await run(mine);
      } catch (e) {
        if (mine === this.generation) this.fail(e);
      }
    };
  }

  private async undo(mine: number): Promise<void> {
    const back = await this.onGame<PlaySnapshot>('play.undo', {});
    if (mine !== this.generation) return;
    this.snap = back;
    this.busy = false;
    this.hint = null;
    this.choosing = null;
    this.log.splice(back.played.length);
    this.settle(mine);
  }

  private async askHint(mine: number): Promise<void> {
    const { page, t } = this;
    this.status = t('play.web.working');
    this.working(true);
    page.stopButton.hidden = false;
    this.render();
    let found: HintView;
    try {
      found = await this.onGame<HintView>('play.hint', {}, this.showProgress);
    } catch (e) {
      if (!(e instanceof Cancelled) || mine !== this.generation) throw e;
      // Stopped: the worker was ended; the next call opens the game again on a fresh one, its moves replayed.
      this.busy = false;
      this.status = t('play.web.stopped');
      this.render();
      return;
    } finally {
      this.working(false);
      page.stopButton.hidden = true;
    }
    if (mine !== this.generation) return;
    this.hint = found;
    this.busy = false;
    this.status = t('play.web.yourTurn');
    this.render();
    (page.board.querySelector<HTMLElement>('.winning') ?? page.hintPanel).scrollIntoView?.({ block: 'nearest' });
  }
}
