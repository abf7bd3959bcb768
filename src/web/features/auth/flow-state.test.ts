import { describe, expect, it } from 'vitest';
import { readVerificationState } from './flow-state';

describe('readVerificationState (router state between the account pages)', () => {
  it('reads the verification id, the e-mail and a six-digit code', () => {
    expect(readVerificationState({ verificationId: 'v1', email: 'a@b.in', code: '012345' })).toEqual({
      verificationId: 'v1',
      email: 'a@b.in',
      code: '012345',
    });
  });

  it('has no code until one was verified, and ignores a malformed one', () => {
    expect(readVerificationState({ verificationId: 'v1', email: 'a@b.in' })?.code).toBeNull();
    expect(readVerificationState({ verificationId: 'v1', code: '12 34' })).toEqual({
      verificationId: 'v1',
      email: '',
      code: null,
    });
  });

  it('is null without a verification id (a page opened directly)', () => {
    for (const state of [null, undefined, 'x', {}, { verificationId: '' }, { verificationId: 7 }]) {
      expect(readVerificationState(state)).toBeNull();
    }
  });
});
