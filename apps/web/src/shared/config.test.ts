import { describe, expect, it, vi } from 'vitest';
import { DEV_PORTAL_CONFIG, readPortalConfig } from './config';

describe('readPortalConfig', () => {
  it('uses the dev defaults when the server sent no config', () => {
    expect(readPortalConfig(undefined)).toEqual(DEV_PORTAL_CONFIG);
  });

  it('takes every valid field from the server', () => {
    const fromServer = {
      apiBase: 'https://api.example.net/api',
      providerName: 'Acme Managed IT',
      supportPhone: '+1 555 0100',
      supportEmail: 'help@acme.example',
      providerEmailDomain: 'acme.example',
      portalHomeUrl: 'https://acme.example',
    };
    expect(readPortalConfig(fromServer)).toEqual(fromServer);
  });

  it('keeps the defaults for missing or malformed fields', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = readPortalConfig({ providerName: 'Acme', supportPhone: 42, apiBase: '' });
    expect(config).toEqual({ ...DEV_PORTAL_CONFIG, providerName: 'Acme' });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('ignores a config that is not an object', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPortalConfig('nonsense')).toEqual(DEV_PORTAL_CONFIG);
  });
});
