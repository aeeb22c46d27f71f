/**
 * The components of a position, drawn so that a move is one click or tap (or
 * Tab and Enter): a heap as a pile of counters (the k-th counter from the
 * top takes k; where taking k can leave different splits, a choice of them
 * follows), a heap with memory the same with its cap, a pair as a board with
 * a queen (each square it can reach is a button), anything else as a list of
 * its moves. Every button has a name that says the move ("heap 2: take 3").
 */
import type { Translate } from '../../core/i18n/index.js';
import type { ComponentView, OptionView, PlaySnapshot } from './protocol.js';

/** Counters drawn in a pile at most; a larger heap lists its moves. */
const PILE_MOST = 40;
/** Squares a board's side has at most; a larger pair lists its moves. */
const BOARD_MOST = 30;
/** Moves listed as buttons at most; more go into a drop-down list. */
const BUTTONS_MOST = 24;

export interface DrawContext {
  readonly t: Translate;
  /** Whether the human may move now. */
  readonly live: boolean;
  /** Keys of the winning moves a hint found (highlighted). */
  readonly winning: ReadonlySet<string>;
  /** Whether the game is Wythoff's (its board explains the queen's moves). */
  readonly queen: boolean;
  /** A board's side: the largest coordinate of the game so far, plus 1 (the board keeps its size as the queen nears the corner). */
  readonly side: number;
  play(option: OptionView): void;
  /** A move typed for a component whose moves are too many to draw (a number takes that many; else what it becomes). */
  type(component: number, text: string): void;
  /** Where taking k leaves a choice: show it (null: none shown). */
  readonly choosing: { component: number; take: number } | null;
  choose(choice: { component: number; take: number } | null): void;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function moveButton(c: DrawContext, option: OptionView, label: string, className: string): HTMLButtonElement {
  const winning = c.winning.has(option.key);
  const button = el('button', { type: 'button', class: `${className}${winning ? ' winning' : ''}`, 'data-key': option.key, 'aria-label': winning ? `${label} (${c.t('play.web.winningMark')})` : label }, label);
  button.disabled = !c.live;
  button.addEventListener('click', () => c.play(option));
  return button;
}

/** A field for the move, where the moves are too many to list. */
function typedMove(c: DrawContext, component: ComponentView): HTMLElement {
  const input = el('input', { type: 'text', 'aria-label': c.t('play.web.typeMove', { component: component.name }), placeholder: c.t('play.web.typeMove', { component: component.name }), autocomplete: 'off' });
  const go = el('button', { type: 'button', class: 'move' }, c.t('play.web.play'));
  input.disabled = go.disabled = !c.live;
  go.addEventListener('click', () => c.type(component.index, input.value));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') c.type(component.index, input.value);
  });
  return el('div', { class: 'moves typed' }, input, go);
}

/** Moves as buttons, or (many) as a drop-down list with a button to play the one chosen. */
function moveList(c: DrawContext, component: ComponentView): HTMLElement {
  if (component.options === null) return typedMove(c, component);
  const options = component.options;
  if (options.length <= BUTTONS_MOST) return el('div', { class: 'moves' }, ...options.map((o) => moveButton(c, o, o.words, 'move')));
  const select = el('select', { 'aria-label': component.name }, ...options.map((o, i) => el('option', { value: String(i), class: c.winning.has(o.key) ? 'winning' : '' }, c.winning.has(o.key) ? `★ ${o.words}` : o.words)));
  const go = el('button', { type: 'button', class: 'move' }, c.t('play.web.play'));
  select.disabled = go.disabled = !c.live;
  go.addEventListener('click', () => c.play(options[Number(select.value)]!));
  return el('div', { class: 'moves' }, select, go);
}

/** A pile of `n` counters; counter k from the top takes k where a move takes k. */
function pile(c: DrawContext, component: ComponentView, n: number, caption: string): HTMLElement {
  const byTake = new Map<number, OptionView[]>();
  // A pile is drawn only for a heap of PILE_MOST at most: its takes are small numbers.
  for (const o of component.options ?? []) if (o.take !== null) byTake.set(Number(o.take), [...(byTake.get(Number(o.take)) ?? []), o]);
  const counters = el('div', { class: 'counters' });
  for (let k = 1; k <= n; k++) {
    const options = byTake.get(k);
    const label = c.t('play.web.counter', { component: component.name, take: k });
    const winning = options?.some((o) => c.winning.has(o.key)) ?? false;
    const counter = el('button', { type: 'button', class: `counter${winning ? ' winning' : ''}`, 'data-component': String(component.index), 'data-take': String(k), 'aria-label': winning ? `${label} (${c.t('play.web.winningMark')})` : label, title: label });
    counter.disabled = !c.live || !options;
    if (options) counter.addEventListener('click', () => (options.length === 1 ? c.play(options[0]!) : c.choose({ component: component.index, take: k })));
    counters.append(counter);
  }
  // A named group: a screen reader (and a test) reads each pile as 'heap 2: 5' before its counters.
  const figure = el('figure', { class: 'pile', role: 'group', 'aria-label': caption, 'data-component': String(component.index) }, el('figcaption', {}, caption), counters);
  const choice = c.choosing?.component === component.index ? byTake.get(c.choosing.take) : undefined;
  if (choice && c.live) {
    const cancel = el('button', { type: 'button', class: 'move' }, c.t('play.web.cancel'));
    cancel.addEventListener('click', () => c.choose(null));
    const splits = choice.map((o) => moveButton(c, o, c.t('play.web.split', { component: component.name, take: o.take ?? 0, parts: o.to.length ? o.to.join(' + ') : c.t('play.nothing') }), 'move'));
    figure.append(el('div', { class: 'choice', role: 'group' }, el('p', {}, c.t('play.web.chooseSplit', { component: component.name, take: c.choosing!.take })), ...splits, cancel));
    queueMicrotask(() => splits[0]?.focus());
  }
  return figure;
}

/** A pair (x, y) as a board: the queen on its square, each square a move reaches a button. */
function board(c: DrawContext, component: ComponentView, x: number, y: number): HTMLElement {
  const byTarget = new Map<string, OptionView>();
  for (const o of component.options ?? []) if (o.pair) byTarget.set(`${o.pair[0]},${o.pair[1]}`, o);
  // The game's largest pair sets the side, up to BOARD_MOST (a pair past it is listed, not drawn, and must not stretch this board).
  const side = Math.max(x + 1, y + 1, Math.min(c.side, BOARD_MOST));
  const grid = el('div', { class: 'board', role: 'group', 'aria-label': component.name, style: `--side: ${side}` });
  // Rows from the top (y = side-1) down to 0, so (0, 0) is the bottom-left corner.
  for (let row = side - 1; row >= 0; row--) {
    for (let col = 0; col < side; col++) {
      const option = byTarget.get(`${col},${row}`);
      const dark = (col + row) % 2 === 1 ? ' dark' : '';
      if (col === x && row === y) grid.append(el('div', { class: `square queen${dark}`, role: 'img', 'aria-label': c.t('play.web.queen', { x, y }) }, '♛'));
      else if (option) {
        const button = moveButton(c, option, c.t('play.web.square', { x: col, y: row }), `square target${dark}`);
        button.textContent = col === 0 && row === 0 ? '★' : '';
        button.dataset.x = String(col);
        button.dataset.y = String(row);
        grid.append(button);
      } else grid.append(el('div', { class: `square${dark}${col === 0 && row === 0 ? ' goal' : ''}` }));
    }
  }
  const caption = el('figcaption', {}, `${component.name}: (${x}, ${y})`);
  return el('figure', { class: 'pair', 'data-component': String(component.index) }, caption, grid, ...(c.queen ? [el('p', { class: 'note' }, c.t('play.web.boardHelp'))] : []));
}

export function drawComponents(c: DrawContext, snap: PlaySnapshot): HTMLElement {
  const area = el('div', { class: `components shape-${snap.shape}` });
  for (const component of snap.components) {
    const listed = component.options !== null;
    if (snap.shape === 'heaps' && component.heap !== undefined && component.heap <= PILE_MOST && listed) {
      area.append(pile(c, component, Number(component.heap), c.t('play.web.heapLabel', { component: component.name, n: component.heap })));
    } else if (snap.shape === 'memory' && component.pair && component.pair[0] <= PILE_MOST && listed) {
      const [n, cap] = component.pair;
      area.append(pile(c, component, n, `${c.t('play.web.heapLabel', { component: component.name, n })} · ${c.t('play.web.cap', { cap: Math.min(n, cap) })}`));
    } else if (snap.shape === 'pairs' && component.pair && Math.max(...component.pair) < BOARD_MOST && listed) {
      area.append(board(c, component, component.pair[0], component.pair[1]));
    } else {
      area.append(el('figure', { class: 'other', 'data-component': String(component.index) }, el('figcaption', {}, `${component.name}: ${component.text}`), moveList(c, component)));
    }
  }
  return area;
}
