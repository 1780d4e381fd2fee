import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.js';

describe('password policy', () => {
  it('refuses passwords under 8 characters with the spec message', () => {
    expect(passwordProblem('short1!')).toBe('Password must be at least 8 characters long.');
  });

  it('refuses the most common passwords, whatever their case', () => {
    expect(passwordProblem('password')).toMatch(/too common/);
    expect(passwordProblem('Password1')).toMatch(/too common/);
    expect(passwordProblem('12345678')).toMatch(/too common/);
    expect(passwordProblem('QWERTYUIOP')).toMatch(/too common/);
  });

  it('refuses the e-mail address as the password', () => {
    expect(passwordProblem('uma.user@acme.example', { email: 'Uma.User@acme.example' })).toMatch(/e-mail/);
  });

  it('accepts a long uncommon passphrase', () => {
    expect(passwordProblem('lantern-orbit-quietly-74')).toBeUndefined();
    expect(passwordProblem('demo-pass-2026')).toBeUndefined();
  });
});
