// The first module of a conversion worker thread. Node 20 does not apply the `--import tsx` hooks
// to a worker's own entry module, so tsx is registered here before the TypeScript entry loads;
// this works the same under `node --import tsx`, vitest and plain node.
import { register } from 'tsx/esm/api';

register();
await import('./conversion-worker.ts');
