import { expect } from 'vitest';
import { InputError } from '../../src/core/errors.js';

/** The InputError a call throws (or its promise rejects with); fails the test on anything else, or on nothing. */
export async function refusal(call: () => unknown): Promise<InputError> {
  let thrown: unknown;
  try {
    await call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, 'an InputError').toBeInstanceOf(InputError);
  return thrown as InputError;
}
