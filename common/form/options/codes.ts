import type { Option } from '../types';

/** Yes/no answers are stored as Y and N (form-content section 3, special codes). */
export const yesNoOptions: Option[] = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];

/**
 * Highest degree earned at a college (form-content section 3). Every code asks for the major and
 * the date the degree was (or will be) awarded; OC also covers study that led to no degree.
 */
export const degreeOptions: Option[] = [
  { value: 'AD', label: 'Associate degree (AA, AS)' },
  { value: 'BD', label: "Bachelor's degree (BA, BS)" },
  { value: 'MA', label: "Master's degree (MA, MS, MBA)" },
  { value: 'DD', label: 'Doctoral degree (PhD, EdD)' },
  { value: 'SD', label: 'Specialist degree (EdS)' },
  { value: 'FP', label: 'First professional degree (JD, MD, PharmD)' },
  { value: 'OC', label: 'Certificate, other award or no degree' },
];
