import { describe, expect, it } from 'vitest';
import { tokenMessages } from '../../../backend/access-tokens/token-messages';
import { parseDays, parsePrefillAnswers, tokenLifetimes } from '../../../backend/access-tokens/token-service';
import { HttpError } from '../../../backend/http/errors';

function refusal(work: () => unknown): HttpError {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('token lifetimes', () => {
  it('defaults when days are absent and accepts whole days up to the limit of each kind', () => {
    expect(parseDays('service', undefined)).toBe(tokenLifetimes.service.defaultDays);
    expect(parseDays('prefill', null)).toBe(tokenLifetimes.prefill.defaultDays);
    expect(parseDays('service', 30)).toBe(30);
    expect(parseDays('prefill', 90)).toBe(90);
  });

  it.each([0, -1, 1.5, '7', Number.NaN, 31])('refuses %s service days with 400', (days) => {
    expect(refusal(() => parseDays('service', days))).toMatchObject({ status: 400, message: tokenMessages.badDays(30) });
  });
});

describe('prefill answers', () => {
  it('keeps valid answers and drops empty ones', () => {
    expect(parsePrefillAnswers({ first_name: 'Ada', middle_name: '', last_name: null, optin_sms_ind: false })).toEqual({
      first_name: 'Ada',
      optin_sms_ind: false,
    });
  });

  it('names every refused key at once, with the rules of a save', () => {
    const error = refusal(() => parsePrefillAnswers({ first_name: 'x'.repeat(1000), pet: 'cat', optin_sms_ind: 'Y', resume_doc: 'ANSWERED' }));
    expect(error).toMatchObject({ status: 400, message: tokenMessages.refusedAnswers });
    expect(Object.keys(error.errors!).sort()).toEqual(['first_name', 'optin_sms_ind', 'pet', 'resume_doc']);
    expect(error.errors!.resume_doc).toEqual([tokenMessages.uploadNotPrefillable]);
  });

  it('refuses documents, which need an account, and a prefill with nothing in it', () => {
    for (const value of ['ANSWERED', null, '']) {
      expect(refusal(() => parsePrefillAnswers({ first_name: 'Ada', resume_doc: value })).errors).toEqual({
        resume_doc: [tokenMessages.uploadNotPrefillable],
      });
    }
    expect(refusal(() => parsePrefillAnswers({ first_name: '' })).message).toBe(tokenMessages.noAnswers);
    expect(refusal(() => parsePrefillAnswers('first_name=Ada')).status).toBe(400);
  });
});
