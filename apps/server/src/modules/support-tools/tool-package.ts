import { zipArchive } from '../../platform/zip.js';
import type { AgentPackage } from '../../platform/monitoring-system.js';
import { OS_NAMES } from './support-tools.messages.js';
import type { SupportToolRow } from './support-tools.repository.js';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'tool';

/**
 * The package of a catalogue tool that is the same for every customer (not built per account): a
 * zip of a README and a small launcher that fetches the vendor's signed installer for the OS from
 * the provider's download server. A deployment with a file store of its own would serve the
 * vendor's file here instead.
 */
export async function catalogueToolPackage(tool: SupportToolRow, os: string, downloadServer: string): Promise<AgentPackage> {
  const name = slug(tool.name);
  const folder = `${name}-${os}`;
  const source = `${downloadServer}/tools/${name}/${os}/latest`;
  const launcher =
    os === 'windows'
      ? {
          file: 'install.ps1',
          mode: 0o644,
          text: [
            `# ${tool.name} for Windows`,
            "$ErrorActionPreference = 'Stop'",
            `$file = Join-Path $env:TEMP '${name}.exe'`,
            `Invoke-WebRequest -UseBasicParsing -Uri '${source}.exe' -OutFile $file`,
            'Start-Process -FilePath $file -Wait',
            '',
          ].join('\r\n'),
        }
      : {
          file: 'install.sh',
          mode: 0o755,
          text: [
            '#!/bin/sh',
            `# ${tool.name} for ${OS_NAMES[os] ?? os}`,
            'set -eu',
            `file="$(mktemp -d)/${name}"`,
            `curl -fsSL '${source}' -o "$file"`,
            'chmod +x "$file"',
            '"$file"',
            '',
          ].join('\n'),
        };
  const readme = [
    `${tool.name} (${OS_NAMES[os] ?? os})`,
    '',
    tool.description,
    '',
    // The catalogue's size is the vendor's installer, which the launcher fetches; this zip is only the launcher.
    `Run ${launcher.file} on the device; it fetches the current signed release (about ${tool.fileSize}) and starts it.`,
    ...(tool.documentationUrl ? ['', `Documentation: ${tool.documentationUrl}`] : []),
    '',
  ].join('\n');
  const data = await zipArchive([
    { name: `${folder}/${launcher.file}`, content: launcher.text, mode: launcher.mode },
    { name: `${folder}/README.txt`, content: readme },
  ]);
  return { filename: `${name}-${os}.zip`, contentType: 'application/zip', data };
}
