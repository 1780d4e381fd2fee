import { portalConfig } from '../config';

/** Hosts where sign-out stays in the portal (/login) instead of leaving for the provider's site. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.local');
}

/** Spec §4: after sign-out, the configured portal home with logout=true. */
export function signedOutHomeUrl(portalHomeUrl: string = portalConfig.portalHomeUrl): string {
  const [withoutHash = '', hash] = portalHomeUrl.split('#', 2);
  const separator = withoutHash.includes('?') ? '&' : '?';
  return `${withoutHash}${separator}logout=true${hash === undefined ? '' : `#${hash}`}`;
}
