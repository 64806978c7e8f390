// setupFiles of the `server-pg` project: hands the cluster's URL to support/api.ts through the
// environment, which the benchmarks (outside vitest) can set too.
import { inject } from 'vitest';

process.env.OBRA_TEST_POSTGRES = inject('obraPostgres');
