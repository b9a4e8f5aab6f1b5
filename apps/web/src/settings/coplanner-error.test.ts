import { describe, expect, it } from 'vitest';
import { ADD_COPLANNER_FAILED, addCoplannerError } from './CoplannersCard';

describe('addCoplannerError (docs/BEHAVIOUR.md §8)', () => {
  it('uses the root form message for server and network failures', () => {
    expect(addCoplannerError({ status: 500, code: 'INTERNAL', message: 'Internal server error' })).toBe(
      'Unable to add coplanner. Please try again later.',
    );
    expect(addCoplannerError({ status: 0, code: 'NETWORK', message: 'Failed to fetch' })).toBe(
      ADD_COPLANNER_FAILED,
    );
    expect(addCoplannerError({ status: 400, message: 'Bad request' })).toBe(ADD_COPLANNER_FAILED);
  });

  it('explains a refusal the server gave a code for, such as the plan limit', () => {
    expect(
      addCoplannerError({ status: 403, code: 'PLAN_LIMIT_USERS', message: 'Your plan allows 2 users' }),
    ).toBe('Your plan allows 2 users');
  });
});
