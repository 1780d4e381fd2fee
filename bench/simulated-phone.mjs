/**
 * Lighthouse's mobile network profile (150 ms round trip, 1.6 Mbps down, 750 kbps up) and its 4x CPU
 * slowdown, applied for real by Chromium (decision 0022). The round trip is the profile's own 150 ms:
 * after the first page the connection is open (keep-alive), so none of the handshakes for which
 * Lighthouse's DevTools profile multiplies the latency by 3.75 happen.
 */
export const PHONE = { latencyMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpuSlowdown: 4 };

/** A page in a fresh context (nothing cached) with a phone's screen, network and CPU. */
export async function openPhonePage(browser, contextOptions = {}) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    ...contextOptions,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: (PHONE.downloadKbps * 1024) / 8,
    uploadThroughput: (PHONE.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return { context, page };
}
