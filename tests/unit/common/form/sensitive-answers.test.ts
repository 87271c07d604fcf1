import { describe, expect, it } from 'vitest';
import { isSensitiveKey, sensitiveKeys } from '../../../../common/form/model';
import { maskedAnswer, maskSensitiveAnswers } from '../../../../common/form/sensitive-answers';

describe('sensitive answers', () => {
  it('are the questions declared sensitive: the SSN', () => {
    expect(sensitiveKeys).toEqual(['ssn']);
    expect(isSensitiveKey('ssn')).toBe(true);
    expect(isSensitiveKey('first_name')).toBe(false);
  });

  it('show their last four characters, the separators kept', () => {
    expect(maskedAnswer('123-45-6789')).toBe('•••-••-6789');
    expect(maskedAnswer('123456789')).toBe('•••••6789');
    expect(maskedAnswer('12')).toBe('12');
    expect(maskSensitiveAnswers({ ssn: '123-45-6789', first_name: 'Ada', gender: null })).toEqual({ ssn: '•••-••-6789', first_name: 'Ada', gender: null });
  });
});
