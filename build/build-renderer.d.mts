/** build/build-renderer.mjs: builds the renderer to dist/renderer with Vite, leaving NODE_ENV as it found it. */
export function buildRenderer(): Promise<void>;
