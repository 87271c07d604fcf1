import { expect } from 'vitest';
import { ConversionError } from '../../../../backend/documents/conversion-error';

/** The ConversionError a conversion rejected with; fails the test when it resolved or threw another. */
export async function conversionFailure(promise: Promise<unknown>): Promise<ConversionError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConversionError);
  return error as ConversionError;
}
