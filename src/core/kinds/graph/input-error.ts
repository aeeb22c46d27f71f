// Until the lead's layout lands (src/core/errors.ts), InputError lives in src/errors.ts.
// After the merge this becomes: export { InputError } from '../../errors.js';
export { InputError } from '../../../errors.js';
