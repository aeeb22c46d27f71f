/** piscina worker: the part of a block of the rare/common kernel that only reads final values. */
import { computePartials, type PartialTask } from '../src/core/kinds/take-and-break/sparse-block.js';

export default function partials(task: PartialTask): number {
  computePartials(task);
  return task.to - task.from;
}
