// Creates the embedded database in the folder given as argument, then exits (pglite.ts, create):
// a process of its own, so the memory initdb leaves behind goes back to the system.
import { startPglite } from './pglite.ts';

const db = startPglite(process.argv[2]!);
await db.waitReady;
await db.close();
