import { useState } from 'react';

/**
 * Errors raised in event handlers and callbacks never reach an error boundary by themselves; this
 * stores them and rethrows during the next render, where the boundary catches them.
 */
export function useThrowToBoundary(): (error: unknown) => void {
  const [stored, setStored] = useState<{ error: unknown } | null>(null);
  if (stored) throw stored.error;
  return (error) => setStored({ error });
}
