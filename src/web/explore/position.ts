/**
 * A position's answer (`--position 3 5 7`): its value (the nim-sum of its
 * components' values), its outcome, why in words (the play hint's), what the
 * values rest on, and the winning moves with the position each leaves. The
 * worker evaluates it with the core's positions code, as the CLI does; this
 * only shows it.
 */
import type { Translate } from '../../core/i18n/index.js';
import type { PositionView } from '../engine/explore-protocol.js';
import { h } from './dom.js';

export function positionSection(view: PositionView, t: Translate): HTMLElement {
  const moves = view.moves.map((m) =>
    h('li', { 'data-component': m.component, 'data-take': m.take ?? '', 'data-to': m.to.join(' ') }, t('explore.position.move', { move: m.words, after: m.after })),
  );
  return h(
    'section',
    { id: 'position', class: 'position-answer', 'aria-labelledby': 'position-heading', 'data-outcome': view.outcome, 'data-nim-sum': view.nimSum ?? '', 'data-move-count': view.moveCount },
    h('h2', { id: 'position-heading' }, t('explore.position.heading', { position: view.position.join(' ') })),
    h(
      'p',
      { id: 'position-outcome' },
      view.nimSum === null ? null : h('strong', {}, `${t('explore.position.value', { sum: view.nimSum })}; `),
      t(`explore.outcome.${view.outcome}`),
    ),
    ...view.paragraphs.map((p) => h('p', {}, p)),
    h('p', { class: 'help' }, t('explore.position.grounds', { grounds: view.grounds.join('; ') })),
    view.movesHeading ? h('p', {}, view.movesHeading) : null,
    moves.length ? h('ul', { id: 'position-moves' }, ...moves) : null,
    view.more ? h('p', { class: 'help' }, view.more) : null,
    view.notListed ? h('p', { class: 'help' }, view.notListed) : null,
  );
}
