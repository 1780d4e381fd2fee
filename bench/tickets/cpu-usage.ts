import { readdirSync, readFileSync } from 'node:fs';
import { parentPid } from '../proc.js';

/**
 * CPU time (user + system, ms) used so far by the server process and by the PostgreSQL server
 * (postmaster and its backends), read from /proc. Per request it says what the work costs,
 * whatever else the machine is busy with; latency and req/s on a shared machine do not.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat; fields[] starts at field 3.
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => parentPid(pid) === parent);
}

export interface CpuSample {
  serverMs: number;
  databaseMs: number;
}

export function sampleCpu(serverPid: number, postmaster: number): CpuSample {
  const backends = childrenOf(postmaster);
  return { serverMs: processCpuMs(serverPid), databaseMs: [postmaster, ...backends].reduce((sum, pid) => sum + processCpuMs(pid), 0) };
}
