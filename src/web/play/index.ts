/** The play view (the play area's owner replaces this placeholder). */
import type { MountView } from '../context.js';

export const mountPlay: MountView = (root, { t }) => {
  root.textContent = t('play.title');
  return { unmount: () => root.replaceChildren() };
};
