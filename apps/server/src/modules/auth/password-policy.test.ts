import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.js';

describe('password policy', () => {
  it('refuses passwords under 8 characters with the spec message', async () => {
    expect(await passwordProblem('short1!')).toBe('Password must be at least 8 characters long.');
  });

  it('refuses the most common passwords, whatever their case', async () => {
    expect(await passwordProblem('password')).toMatch(/too common/);
    expect(await passwordProblem('Password1')).toMatch(/too common/);
    expect(await passwordProblem('12345678')).toMatch(/too common/);
    expect(await passwordProblem('QWERTYUIOP')).toMatch(/too common/);
  });

  it('refuses the e-mail address as the password', async () => {
    expect(await passwordProblem('uma.user@acme.example', { email: 'Uma.User@acme.example' })).toMatch(/e-mail/);
  });

  it('accepts a long uncommon passphrase', async () => {
    expect(await passwordProblem('lantern-orbit-quietly-74')).toBeUndefined();
    expect(await passwordProblem('demo-pass-2026')).toBeUndefined();
  });
});
