import { describe, expect, it } from 'vitest';
import { isLocalHost, signedOutHomeUrl } from './sign-out';

describe('isLocalHost', () => {
  it.each(['localhost', '127.0.0.1', '::1', '[::1]', 'printer.local', 'LOCALHOST'])('%s is local', (host) => {
    expect(isLocalHost(host)).toBe(true);
  });
  it.each(['portal.itpartners.example', 'localhost.example.com', '10.0.0.5', 'local'])('%s is not', (host) => {
    expect(isLocalHost(host)).toBe(false);
  });
});

describe('signedOutHomeUrl', () => {
  it("appends '?logout=true' to the configured portal home", () => {
    expect(signedOutHomeUrl('https://www.itpartners.example/')).toBe('https://www.itpartners.example/?logout=true');
    expect(signedOutHomeUrl('https://www.itpartners.example/portal')).toBe('https://www.itpartners.example/portal?logout=true');
  });
  it('keeps an existing query and fragment', () => {
    expect(signedOutHomeUrl('https://x.example/?lang=en#top')).toBe('https://x.example/?lang=en&logout=true#top');
  });
});
