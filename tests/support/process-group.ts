// Commands a test starts through a shell in a process group of their own (spawn with `detached`),
// as an operator types them: `npm start` and the like.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * Whether a process of the group `pgid` is still running. A zombie (exited, not yet reaped by
 * whoever adopted it) holds no file and does not count; where there is no /proc, any process the
 * system still knows in the group does.
 */
function groupRunning(pgid: number): boolean {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  return readdirSync('/proc').some((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return false;
    }
    // After the command's name in parentheses: state, parent, process group.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(group) === pgid && state !== 'Z';
  });
}

/** Sends `signal` to the group; a group gone meanwhile is no error. */
function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Stops a command started with `detached: true`, every process of its group, and waits until none
 * is running. The shell exits at once on SIGTERM, the server `npm start` runs after closing its
 * database (about 0.1 s on an idle machine), writing in its data folder meanwhile: a test that
 * removed that folder as soon as the shell had exited failed now and then (ENOTEMPTY). So the
 * group is watched, not the child; its exited processes wait a second or two for this machine's
 * init to reap them, and count as gone. SIGKILL after 20 s; a group still running a second after
 * that throws.
 */
export async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  const pgid = child?.pid;
  if (!pgid || !groupRunning(pgid)) return;
  signalGroup(pgid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  let killed = false;
  while (groupRunning(pgid)) {
    if (Date.now() > deadline) {
      if (killed) throw new Error(`process group ${pgid} still running 20 s after SIGTERM and a SIGKILL`);
      signalGroup(pgid, 'SIGKILL');
      killed = true;
    }
    await new Promise((resolve) => setTimeout(resolve, killed ? 1000 : 50));
  }
}
