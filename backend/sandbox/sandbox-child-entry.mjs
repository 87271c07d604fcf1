// The first module of a sandbox process (see sandbox-pool.ts). The process is started with plain
// `node` and no flags of the parent's, so tsx is registered here before the TypeScript entry loads;
// this works the same under `node --import tsx`, vitest and plain node.
import { register } from 'tsx/esm/api';

register();
await import('./sandbox-child.ts');
