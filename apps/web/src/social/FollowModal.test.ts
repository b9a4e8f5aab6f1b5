import { describe, expect, it } from 'vitest';
import { FOLLOW_FAILED, followErrorMessage } from './FollowModal';

describe('followErrorMessage (docs/BEHAVIOUR.md §8)', () => {
  it("shows the server's message when the answer carries an error code", () => {
    expect(followErrorMessage({ code: 'USER_NOT_FOUND', message: 'No user with that email' })).toBe(
      'No user with that email',
    );
  });

  it('falls back to the generic sentence without a code', () => {
    expect(followErrorMessage({ message: 'Bad Gateway' })).toBe('Something went wrong. Try again later');
    expect(followErrorMessage({ code: 'NETWORK', message: 'Failed to fetch' })).toBe(FOLLOW_FAILED);
    expect(followErrorMessage({ code: 'INTERNAL', message: 'Internal server error' })).toBe(FOLLOW_FAILED);
  });
});
