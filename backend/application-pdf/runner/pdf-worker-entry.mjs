// The first module of an application PDF worker thread (see pdf-runner.ts): tsx is registered
// here, as in the conversion workers, before the TypeScript entry loads.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
