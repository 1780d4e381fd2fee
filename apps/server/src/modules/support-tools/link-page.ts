import { OS_NAMES } from './support-tools.messages.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page a link to a per-OS tool answers when it names no OS: one plain link per platform
 * (`?os=…`), no script, so it works in any browser on the device being set up. Opening it uses
 * nothing up; the chosen download does.
 */
export function chooseOsPage(toolName: string, platforms: string[]): string {
  const name = escapeHtml(toolName);
  const items = platforms.map((os) => `<li><a href="?os=${encodeURIComponent(os)}">Download for ${escapeHtml(OS_NAMES[os] ?? os)}</a></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Download ${name}</title></head>
<body><main><h1>Download ${name}</h1><p>Choose the operating system of this device.</p><ul>${items}</ul></main></body></html>
`;
}
