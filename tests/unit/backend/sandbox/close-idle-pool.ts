// Run as a process of its own by sandbox-pool.test.ts: a pool closed while idle, with nothing
// else keeping this process alive, must still finish closing ("closed"), not let node exit early.
import { createConversionRunner } from '../../../../backend/sandbox/conversion-runner';
import { createSandboxPool } from '../../../../backend/sandbox/sandbox-pool';
import { checked, smallPng } from '../../../../scripts/support/documents';

const pool = createSandboxPool({ maxProcesses: 1 });
await createConversionRunner(pool).run(checked(smallPng()));
await pool.close();
console.log('closed');
