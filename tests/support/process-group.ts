// Commands a test starts through a shell in a process group of their own (spawn with `detached`),
// as an operator types them: `npm start` and the like.
import type { ChildProcess } from 'node:child_process';

/** Whether any process of the group `pgid` is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a command started with `detached: true`, every process of its group, and waits until none
 * is left. The shell and npm exit at once on SIGTERM, the server `npm start` runs about 2 s later,
 * writing in its data folder meanwhile: a test that removed that folder as soon as the shell had
 * exited failed now and then (ENOTEMPTY). So the group is watched, not the child. SIGKILL after
 * 20 s; a group still there a second later (a zombie) throws.
 */
export async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  const pgid = child?.pid;
  if (!pgid || !groupAlive(pgid)) return;
  process.kill(-pgid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  let killed = false;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) {
      if (killed) throw new Error(`process group ${pgid} still alive 20 s after SIGTERM and a SIGKILL`);
      process.kill(-pgid, 'SIGKILL');
      killed = true;
    }
    await new Promise((resolve) => setTimeout(resolve, killed ? 1000 : 50));
  }
}
