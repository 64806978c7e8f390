// The platform of one test file (a vitest hook pair; the benchmarks start theirs with startPlatform).
import { afterAll, beforeAll } from 'vitest';
import { startPlatform, type Platform } from './platform.ts';

/** Starts the platform before the file's tests and closes it after them; call the result for it. */
export function usePlatform(...options: Parameters<typeof startPlatform>): () => Platform {
  let platform: Platform | undefined;
  beforeAll(async () => {
    platform = await startPlatform(...options);
  });
  afterAll(async () => {
    await platform?.close();
  });
  return () => platform!;
}
