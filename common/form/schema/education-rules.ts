import { isAnswered } from '../conditions';
import { docKeyOf, essayMailKeyOf } from '../model/program-document-keys';
import { entryTermsOn } from '../pages/education/choices';
import {
  attendedBefore,
  collegeNamed,
  degreeWithMajor,
  plansGmat,
  tookGmat,
} from '../pages/education/conditions';
import { format, matches, required, when } from './generic-rules';
import { monthYearNotBefore, monthYearWithin, pairOf } from './month-year-rules';
import type { FieldRule, Message } from './rule';

/**
 * The Your Academics rules of form-content section 5 and our own (docs/decisions.md, Your
 * Academics), which the page's questions declare (pages/education). Required messages show the label; the page's other messages are these.
 */
export const educationMessages = {
  gpaNotNumber: 'Please enter your GPA as a number, for example 3.25.',
  gpaOutOfRange: 'Please enter a GPA from 0 to 4.0, on a 4.0 scale.',
  gpaTooPrecise: 'Please round your GPA to two decimals, for example 3.67.',
  creditsNotNumber: 'Please enter your credits earned as a number, for example 120 or 64.5.',
  creditsOutOfRange: 'Please enter from 0 to 400 credits earned, in semester or quarter hours.',
  creditsTooPrecise: 'Please round your credits earned to two decimals.',
  attendedToBeforeFrom: 'Attended To must not be before Attended From.',
  lastAttendedBeforeFirst: 'Last Attended must not be before First Attended.',
  entryTermNotOffered: 'Please choose one of the listed terms: a term can no longer be chosen once it has started.',
  essayMissing: (label: string) => `${label}: please type it, upload it, or check the box to mail it instead.`,
  resumeMissing: (label: string) => `${label}: please type it or upload it.`,
  teachingCertificateMissing: 'Please upload a copy of your teaching certificate.',
  gmatScoreInvalid: 'Please enter your GMAT total score as a whole number from 200 to 800.',
  gmatTakenInFuture: 'The GMAT test date must not be in the future. If you have not taken the test yet, answer No.',
  gmatPlanInPast: 'The planned GMAT test date must not be in the past.',
} as const;

export const GPA_MAX = 4;
export const GPA_DECIMALS = 2;
export const CREDITS_MAX = 400;
export const CREDITS_DECIMALS = 2;
export const GMAT_SCORE_MIN = 200;
export const GMAT_SCORE_MAX = 800;

/** A decimal as typed: digits with at most one point, optionally signed ("3.25", ".5", "-1"). */
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

interface DecimalSpec {
  max: number;
  decimals: number;
  messages: { notNumber: Message; outOfRange: Message; tooPrecise: Message };
}

/** A number from 0 to `max` with at most `decimals` decimals; each fault its own message. */
function decimalRules({ max, decimals, messages }: DecimalSpec): FieldRule[] {
  const isDecimal = (value: string) => DECIMAL.test(value);
  return [
    matches('number', DECIMAL, messages.notNumber),
    format('numberRange', (value) => !isDecimal(value) || (Number(value) >= 0 && Number(value) <= max), messages.outOfRange),
    format('decimals', (value) => !isDecimal(value) || (value.split('.')[1] ?? '').length <= decimals, messages.tooPrecise),
  ];
}

const gpaRules = decimalRules({
  max: GPA_MAX,
  decimals: GPA_DECIMALS,
  messages: { notNumber: educationMessages.gpaNotNumber, outOfRange: educationMessages.gpaOutOfRange, tooPrecise: educationMessages.gpaTooPrecise },
});

const creditRules = decimalRules({
  max: CREDITS_MAX,
  decimals: CREDITS_DECIMALS,
  messages: {
    notNumber: educationMessages.creditsNotNumber,
    outOfRange: educationMessages.creditsOutOfRange,
    tooPrecise: educationMessages.creditsTooPrecise,
  },
});

const gmatScore = format(
  'gmatScore',
  (value) => /^\d+$/.test(value) && Number(value) >= GMAT_SCORE_MIN && Number(value) <= GMAT_SCORE_MAX,
  educationMessages.gmatScoreInvalid,
);

/** The term is one the page offers on the day validated (a saved term may have started since). */
const entryTermOffered: FieldRule = {
  name: 'oneOf',
  message: educationMessages.entryTermNotOffered,
  test: (value, { today }) => !isAnswered(value) || entryTermsOn(today).some((option) => option.value === value),
};

/**
 * An essay or statement is typed, uploaded, or (essays only) flagged to be mailed. Attached to the
 * text key, so the message shows whichever tab is current.
 */
function statementGiven(key: string, message: Message, mailKey?: string): FieldRule {
  const uploadKey = docKeyOf(key);
  return {
    name: 'required',
    message,
    requires: true,
    reads: mailKey === undefined ? [uploadKey] : [uploadKey, mailKey],
    test: (value, { answers }) => isAnswered(value) || isAnswered(answers[uploadKey]) || (mailKey !== undefined && answers[mailKey] === true),
  };
}

/** Last Attended must not be before First Attended. */
export const lastAttendedRules: FieldRule[] = [
  when(attendedBefore, required()),
  monthYearNotBefore(pairOf('previously_attend_from'), pairOf('previously_attend_to'), educationMessages.lastAttendedBeforeFirst),
];

/**
 * A college of slot `slot`. The most recent (slot 1) must be named and, once named, give its
 * degree, GPA, credits and attendance dates (an Attended To year of ANSWERED, still attending,
 * hides the month, so the pair counts as answered). Every slot: major and degree date by the
 * degree rule, GPA and credits as numbers, dates in order.
 */
export const collegeRules = {
  name: (slot: number) => (slot === 1 ? [required()] : []),
  requiredOnceNamed,
  requiredWithDegree: (slot: number) => [when(degreeWithMajor(slot), required())],
  gpa: (slot: number) => [...requiredOnceNamed(slot), ...gpaRules],
  credits: (slot: number) => [...requiredOnceNamed(slot), ...creditRules],
  attendedToYear: (slot: number) => [
    ...requiredOnceNamed(slot),
    monthYearNotBefore(pairOf('college_attend_from', slot), pairOf('college_attend_to', slot), educationMessages.attendedToBeforeFrom),
  ],
};

function requiredOnceNamed(slot: number): FieldRule[] {
  return slot === 1 ? [when(collegeNamed(1), required())] : [];
}

export { entryTermOffered, gmatScore };

/** An essay or statement: typed, uploaded, or flagged to be mailed. */
export function essayRules(key: string): FieldRule[] {
  return [statementGiven(key, educationMessages.essayMissing, essayMailKeyOf(key))];
}

/** The resume: typed or uploaded. */
export function resumeRules(key: string): FieldRule[] {
  return [statementGiven(key, educationMessages.resumeMissing)];
}

export const teachingCertificateRules: FieldRule[] = [required(educationMessages.teachingCertificateMissing)];

/** The GMAT's dates: taken in the past, planned in the future. */
export const gmatDateRules = {
  takenYear: [when(tookGmat, required()), monthYearWithin(pairOf('gmat_taken'), 'past', educationMessages.gmatTakenInFuture)],
  score: [when(tookGmat, required()), gmatScore],
  planYear: [when(plansGmat, required()), monthYearWithin(pairOf('gmat_plan'), 'future', educationMessages.gmatPlanInPast)],
} satisfies Record<string, FieldRule[]>;
