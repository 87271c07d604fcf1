import { describe, expect, it } from 'vitest';
import { conversionLanes } from '../../../../backend/conversions/worker-loop';

describe('conversions an instance runs at once', () => {
  it('leaves a core for the web where the instance answers it: one at a time on 2 cores', () => {
    expect(conversionLanes('all', 2, 2)).toBe(1);
    expect(conversionLanes('web', 2, 2)).toBe(1);
    expect(conversionLanes('all', 4, 2)).toBe(2);
  });

  it('gives a worker instance every core, up to one a sandbox process', () => {
    expect(conversionLanes('worker', 2, 2)).toBe(2);
    expect(conversionLanes('worker', 8, 2)).toBe(2);
  });

  it('always runs at least one', () => {
    expect(conversionLanes('all', 1, 2)).toBe(1);
    expect(conversionLanes('worker', 1, 2)).toBe(1);
  });
});
