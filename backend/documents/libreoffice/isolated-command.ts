import { spawnSync } from 'node:child_process';

/** The programs a LibreOffice conversion runs: soffice, and util-linux's tools that fence it in. */
export interface LibreOfficePrograms {
  soffice: string;
  setpriv: string;
  prlimit: string;
  unshare: string;
  /**
   * A Python that can import LibreOffice's UNO bindings (Debian's /usr/bin/python3 with
   * python3-uno), to keep soffice running between documents (warm-office.ts); null where there is
   * none, and every document starts soffice afresh.
   */
  unoPython: string | null;
}

export interface IsolationLimits {
  /** Address space of each process of the tree (RLIMIT_AS). */
  maxMemoryMb: number;
  /** Processor time of each process (RLIMIT_CPU), a backstop to the wall-clock limit. */
  maxCpuSeconds: number;
}

/**
 * The command line that runs `argv` fenced in, outermost first:
 * - setpriv --pdeathsig KILL: the tree dies with the sandbox process that started it, even when
 *   that process is killed (SIGKILL) by the pool, before it could clean up;
 * - prlimit: an address-space cap, no core files, a processor-time cap, inherited by every process;
 * - unshare: a user namespace (no privilege needed), a network namespace with only a loopback that
 *   is down (nothing reachable, not even this host), and a PID namespace whose first process is
 *   killed when unshare is (--kill-child), which takes every other process of the namespace with
 *   it: soffice's launcher forks soffice.bin, and no fork outlives the conversion.
 */
export function isolatedCommand(programs: LibreOfficePrograms, limits: IsolationLimits, argv: readonly string[]): string[] {
  return [
    programs.setpriv,
    '--pdeathsig',
    'KILL',
    '--',
    programs.prlimit,
    `--as=${limits.maxMemoryMb * 1024 * 1024}`,
    '--core=0',
    `--cpu=${limits.maxCpuSeconds}`,
    '--',
    programs.unshare,
    '--user',
    '--map-root-user',
    '--net',
    '--pid',
    '--fork',
    '--kill-child',
    '--',
    ...argv,
  ];
}

/**
 * Why the fence cannot be put up on this machine (user namespaces disabled, as in a container
 * under a default seccomp profile; a util-linux too old for an option), or null when it can.
 */
export function isolationProblem(programs: LibreOfficePrograms): string | null {
  const [command, ...args] = isolatedCommand(programs, { maxMemoryMb: 256, maxCpuSeconds: 5 }, ['/bin/true']);
  const result = spawnSync(command!, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000, encoding: 'utf8' });
  if (result.error) return result.error.message;
  if (result.status !== 0) return `setpriv, prlimit and unshare could not fence in a process (${result.status ?? result.signal}): ${result.stderr.trim()}`;
  return null;
}
