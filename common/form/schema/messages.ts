/**
 * Messages of the generic defaults (spec platform section 5). Each shows the field label, as
 * form-content section 5 asks: 'First Name is required.', 'Middle Name must be at most 45
 * characters.' A label worded as a question is quoted after "Please answer:" instead.
 */
export const genericMessages = {
  required: (label: string) => (label.trim().endsWith('?') ? `Please answer: ${label}` : `${label} is required.`),
  minLength: (min: number) => (label: string) => `${label} must be at least ${min} characters.`,
  maxLength: (max: number) => (label: string) => `${label} must be at most ${max} characters.`,
  email: (label: string) => `${label} must be a valid email address.`,
  url: (label: string) => `${label} must be a valid web address (URL).`,
  number: (label: string) => `${label} must be a number.`,
  numberMin: (min: number) => (label: string) => `${label} must be at least ${min}.`,
  numberMax: (max: number) => (label: string) => `${label} must be at most ${max}.`,
  integer: (label: string) => `${label} must be a whole number.`,
  positive: (label: string) => `${label} must be a positive number.`,
  negative: (label: string) => `${label} must be a negative number.`,
  arrayMin: (min: number) => (label: string) => `${label}: choose at least ${min}.`,
  arrayMax: (max: number) => (label: string) => `${label}: choose at most ${max}.`,
  oneOf: (label: string) => `${label} must be one of the listed choices.`,
  date: (label: string) => `${label} must be a valid date.`,
  usPhone: (label: string) => `${label} must be a valid U.S. phone number, (###) ###-####.`,
} as const;
