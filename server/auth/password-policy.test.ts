import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_MESSAGES, passwordPolicyProblem } from './password-policy.ts';

describe('the admin password policy', () => {
  it.each(['123456', 'password', 'azerty'])('refuses %j as too short', (password) => {
    expect(passwordPolicyProblem(password)).toBe(PASSWORD_POLICY_MESSAGES.tooShort);
  });

  it.each([
    '123456789012',
    'qwertyuiop123',
    'Password123456',
    '!!Sunshine2026!!',
    'iloveyou1234',
    'aaaaaaaaaaaaaaa',
    'ababababababab',
    'Lisanga2026!!',
    'Admin-12345678',
    'motdepasse123',
  ])('refuses %j as common or easy to guess', (password) => {
    expect(passwordPolicyProblem(password)).toBe(PASSWORD_POLICY_MESSAGES.common);
  });

  it.each(['pagne wax au marché de Gombe', 'fleuve-congo-matin-calme', 'e2e-admin-password', 'K7#vq9!Lm2@x'])(
    'accepts %j',
    (password) => {
      expect(passwordPolicyProblem(password)).toBeNull();
    },
  );
});
