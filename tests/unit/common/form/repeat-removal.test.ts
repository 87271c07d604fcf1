import { describe, expect, it } from 'vitest';
import { collegesSection } from '../../../../common/form/pages/education/colleges';
import { isSlotAnswered, removeSlotAnswers, slotKeys } from '../../../../common/form/repeat-removal';

const college = (slot: number, name: string, gpa: string) => {
  const suffix = slot === 1 ? '' : `_${slot}`;
  return { [`college_name${suffix}`]: name, [`college_gpa${suffix}`]: gpa, [`college_degree${suffix}`]: 'BD', [`college_degree${suffix}_desc`]: "Bachelor's Degree" };
};

describe('removing a block of an Add Another section (issue 33, item 7)', () => {
  it('lists a slot’s keys in the order of slot 1’s, with the _desc companions and the school code', () => {
    const first = slotKeys(collegesSection, 1);
    const third = slotKeys(collegesSection, 3);
    expect(third).toHaveLength(first.length);
    expect(first).toEqual(expect.arrayContaining(['college_name', 'college_ceeb', 'college_degree', 'college_degree_desc']));
    expect(third).toEqual(first.map((key) => key.replace(/(_desc)?$/, '_3$1')));
  });

  it('moves the later blocks up one slot and clears the last, leaving the blocks before alone', () => {
    const answers = { ...college(1, 'Towson University', '3.5'), ...college(2, 'Mistake College', '2.0'), ...college(3, 'Goucher College', '3.9'), college_degree_3: 'MA', college_degree_3_desc: "Master's Degree" };
    const changes = removeSlotAnswers(collegesSection, 2, 3, answers);
    expect(Object.keys(changes).sort()).toEqual([...slotKeys(collegesSection, 2), ...slotKeys(collegesSection, 3)].sort());
    expect(changes).toMatchObject({ college_name_2: 'Goucher College', college_gpa_2: '3.9', college_degree_2: 'MA', college_degree_2_desc: "Master's Degree" });
    expect(changes.college_city_2).toBeNull();
    expect(slotKeys(collegesSection, 3).every((key) => changes[key] === null)).toBe(true);
  });

  it('clears the last block when it is the one removed', () => {
    const changes = removeSlotAnswers(collegesSection, 3, 3, college(3, 'Goucher College', '3.9'));
    expect(Object.keys(changes).sort()).toEqual(slotKeys(collegesSection, 3).sort());
    expect(Object.values(changes).every((value) => value === null)).toBe(true);
  });

  it('refuses to remove the first, required block or one not on show', () => {
    expect(() => removeSlotAnswers(collegesSection, 1, 2, {})).toThrow(RangeError);
    expect(() => removeSlotAnswers(collegesSection, 3, 2, {})).toThrow(RangeError);
  });

  it('tells a block with answers from an empty one (only the first asks before it is removed)', () => {
    expect(isSlotAnswered(collegesSection, 2, college(2, 'Goucher College', ''))).toBe(true);
    expect(isSlotAnswered(collegesSection, 2, { ...college(1, 'Towson University', '3.5'), college_name_2: '  ', college_gpa_2: null })).toBe(false);
  });
});
