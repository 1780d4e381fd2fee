import { readFileSync } from 'node:fs';

/** What the benchmarks and tests read of a process from Linux's /proc and from PostgreSQL's data folder. */

/** The process's parent pid, or undefined once it has ended. */
export function parentPid(pid: number): number | undefined {
  try {
    // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The pid of the PostgreSQL server running on `dataDir` (the first line of its postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  return Number.parseInt(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0] ?? '', 10);
}
