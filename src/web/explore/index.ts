/** The explore view (the explore area's owner replaces this placeholder). */
import type { MountView } from '../context.js';

export const mountExplore: MountView = (root, { t }) => {
  root.textContent = t('explore.title');
  return { unmount: () => root.replaceChildren() };
};
