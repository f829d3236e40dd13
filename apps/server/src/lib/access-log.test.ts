import { describe, expect, it } from 'vitest';
import { loggedUrl } from './access-log.js';

describe('access log URL', () => {
  it('hides the reset token of the API call and of the page', () => {
    const token = 'mW3r9pQ_x-7TzK2bVn8sLq4YhJ0dCfAe1uGiRoXkPwE';
    expect(loggedUrl(`/api/v1/user/reset-password/${token}`)).toBe('/api/v1/user/reset-password/:token');
    expect(loggedUrl(`/reset-password/${token}?from=mail`)).toBe('/reset-password/:token?from=mail');
  });

  it('leaves every other URL as it is', () => {
    expect(loggedUrl('/api/v1/product/single/abc?x=1')).toBe('/api/v1/product/single/abc?x=1');
    expect(loggedUrl('/reset-password')).toBe('/reset-password');
  });
});
