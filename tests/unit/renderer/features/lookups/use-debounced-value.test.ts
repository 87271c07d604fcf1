// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from '../../../../../renderer/src/features/lookups/hooks/use-debounced-value';

function renderDebounced(initial: string) {
  return renderHook(({ value }) => useDebouncedValue(value), { initialProps: { value: initial } });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes a value on once it has held still for 200 ms', () => {
    const { result, rerender } = renderDebounced('');
    expect(result.current).toBe('');
    rerender({ value: '21' });
    advance(199);
    expect(result.current).toBe('');
    advance(1);
    expect(result.current).toBe('21');
  });

  it('starts the 200 ms again with every change', () => {
    const { result, rerender } = renderDebounced('');
    rerender({ value: '2' });
    advance(150);
    rerender({ value: '21' });
    advance(150);
    expect(result.current).toBe('');
    advance(50);
    expect(result.current).toBe('21');
  });

  it('passes on a value that keeps changing at least every 500 ms', () => {
    const { result, rerender } = renderDebounced('');
    const seen = [{ at: 0, value: '' }];
    let typed = '';
    for (let at = 0; at < 1_200; at += 100) {
      typed += 'a';
      rerender({ value: typed });
      advance(100);
      if (seen.at(-1)?.value !== result.current) seen.push({ at: at + 100, value: result.current });
    }
    // Typing every 100 ms never leaves 200 ms of quiet; the value still goes out at 500 and 1000 ms.
    expect(seen).toEqual([
      { at: 0, value: '' },
      { at: 500, value: 'aaaaa' },
      { at: 1_000, value: 'aaaaaaaaaa' },
    ]);
    advance(200);
    expect(result.current).toBe(typed);
  });

  it('drops a change that is undone before it is passed on', () => {
    const { result, rerender } = renderDebounced('21201');
    rerender({ value: '2120' });
    advance(100);
    rerender({ value: '21201' });
    advance(1_000);
    expect(result.current).toBe('21201');
    rerender({ value: '2' });
    advance(199);
    expect(result.current).toBe('21201');
    advance(1);
    expect(result.current).toBe('2');
  });
});
