import { createHmac } from 'node:crypto';
import type { OS_TYPES } from '@portal/contract';
import { zipArchive } from './zip.js';

export type AgentOs = (typeof OS_TYPES)[number];

/** The account as the remote-monitoring system knows it. */
export interface MonitoredAccount {
  accountId: number;
  /** The customer's name in the monitoring system; null when the account is not configured there. */
  monitoringCustomerName: string | null;
}

export interface AgentPackage {
  filename: string;
  contentType: 'application/zip';
  data: Buffer;
}

/** The agent's settings, as they go into agent-config.json. */
export interface AgentConfiguration {
  server_url: string;
  customer_name: string;
  group_key: string;
  os: AgentOs;
}

/**
 * The remote monitoring and management (RMM) system, behind the interface a real one (N-able,
 * NinjaOne, Datto, Tactical RMM …) would be adapted to: it builds the agent installer for one
 * customer, so that a device reports to that customer's group as soon as it is installed.
 */
export interface MonitoringSystem {
  /** Undefined when the monitoring system has no customer for the account (the spec's configuration_not_found). */
  buildAgent(account: MonitoredAccount, os: AgentOs): Promise<AgentPackage | undefined>;
}

/**
 * The account's group key: a per-account secret, HMAC-SHA256 of the account id under a key derived
 * from the server's secret for this purpose. Stable (every build of an account carries the same
 * key), and no account's key tells anything about another's.
 */
export function groupKeyOf(secret: string, accountId: number): string {
  const key = createHmac('sha256', secret).update('rmm-agent-group-key').digest();
  return createHmac('sha256', key).update(`account:${accountId}`).digest('base64url');
}

export const agentFilename = (os: AgentOs) => `itp-rmm-agent-${os}.zip`;

const INSTALLERS: Record<AgentOs, { name: string; mode: number; script: (config: AgentConfiguration) => string }> = {
  windows: {
    name: 'install.ps1',
    mode: 0o644,
    script: (config) =>
      [
        '# ITP RMM Agent installer for Windows. Run in an elevated PowerShell:',
        '#   powershell -ExecutionPolicy Bypass -File .\\install.ps1',
        "$ErrorActionPreference = 'Stop'",
        "$config = Get-Content -Raw -Path (Join-Path $PSScriptRoot 'agent-config.json') | ConvertFrom-Json",
        "$installer = Join-Path $env:TEMP 'itp-rmm-agent.msi'",
        'Invoke-WebRequest -UseBasicParsing -Uri "$($config.server_url)/agents/windows/latest.msi" -OutFile $installer',
        '$arguments = "/i `"$installer`" /qn SERVER_URL=`"$($config.server_url)`" CUSTOMER_NAME=`"$($config.customer_name)`" GROUP_KEY=`"$($config.group_key)`""',
        'Start-Process -FilePath msiexec.exe -ArgumentList $arguments -Wait',
        `Write-Host "The ITP RMM Agent is installed and reports to ${config.server_url}."`,
        '',
      ].join('\r\n'),
  },
  mac: {
    name: 'install.command',
    mode: 0o755,
    script: (config) =>
      unixInstaller(
        config,
        'mac',
        'pkg',
        'sudo installer -pkg "$package" -target /',
        'sudo /Library/ITP/RMMAgent/rmm-agent register --config "$here/agent-config.json"',
      ),
  },
  linux: {
    name: 'install.sh',
    mode: 0o755,
    script: (config) =>
      unixInstaller(
        config,
        'linux',
        'tar.gz',
        'sudo tar -xzf "$package" -C /opt',
        'sudo /opt/itp-rmm-agent/rmm-agent register --config "$here/agent-config.json" && sudo /opt/itp-rmm-agent/rmm-agent install-service',
      ),
  },
};

function unixInstaller(config: AgentConfiguration, os: 'mac' | 'linux', extension: string, unpack: string, register: string): string {
  return [
    '#!/bin/sh',
    `# ITP RMM Agent installer for ${os === 'mac' ? 'macOS' : 'Linux'}. Run: sh ./${os === 'mac' ? 'install.command' : 'install.sh'}`,
    'set -eu',
    'here="$(cd "$(dirname "$0")" && pwd)"',
    `package="$(mktemp -d)/itp-rmm-agent.${extension}"`,
    `curl -fsSL "${config.server_url}/agents/${os}/latest.${extension}" -o "$package"`,
    unpack,
    register,
    `echo "The ITP RMM Agent is installed and reports to ${config.server_url}."`,
    '',
  ].join('\n');
}

/**
 * The built-in monitoring system: it builds the agent package on this machine, with no network. The
 * package is a zip of the installer script for the OS, the agent's configuration (the monitoring
 * server's address, the customer's name there and the account's group key) and a README; the
 * script fetches the signed agent binary from the monitoring server when it runs on the device.
 */
export function createLocalMonitoringSystem(options: { serverUrl: string; secret: string }): MonitoringSystem {
  const serverUrl = options.serverUrl.replace(/\/+$/, '');
  return {
    async buildAgent(account, os) {
      if (!account.monitoringCustomerName) return undefined;
      const config: AgentConfiguration = {
        server_url: serverUrl,
        customer_name: account.monitoringCustomerName,
        group_key: groupKeyOf(options.secret, account.accountId),
        os,
      };
      const installer = INSTALLERS[os];
      const folder = `itp-rmm-agent-${os}`;
      const data = await zipArchive([
        { name: `${folder}/${installer.name}`, content: installer.script(config), mode: installer.mode },
        { name: `${folder}/agent-config.json`, content: `${JSON.stringify(config, null, 2)}\n` },
        {
          name: `${folder}/README.txt`,
          content: [
            `ITP RMM Agent for ${account.monitoringCustomerName} (${os})`,
            '',
            `Run ${installer.name} on the device with administrator rights. The agent registers with`,
            `${serverUrl} under your organization, using the group key in agent-config.json.`,
            'Keep this package within your organization: the group key enrolls devices into your account.',
            '',
          ].join('\n'),
        },
      ]);
      return { filename: agentFilename(os), contentType: 'application/zip', data };
    },
  };
}
