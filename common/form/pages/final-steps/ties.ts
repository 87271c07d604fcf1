import { TIE_KEYS } from './keys';
import type { QuestionDef, SectionDef } from '../../types';
import { required, when } from '../../schema/generic-rules';
import { radioQuestion, selectQuestion, yesNoQuestion } from '../question-factories';
import { otherStateOptions, tieOptions, tieYearOptions } from './choices';
import { inStateApplicant, tieInMaryland, tieInOtherState } from './conditions';

type TieKey = (typeof TIE_KEYS)[number];

interface Tie {
  question: string;
  /** Y: the year it began in Maryland (`<key>_year`). */
  year: string;
  /** N: the other state (`<key>_state`). */
  state: string;
}

const ties: Readonly<Record<TieKey, Tie>> = {
  maryland_drivers_license: {
    question: "Do you have a driver's license?",
    year: 'Year Your Maryland License Was First Issued',
    state: 'State That Issued Your License',
  },
  maryland_vehicle_registration: {
    question: 'Do you own or lease a registered vehicle?',
    year: 'Year You First Registered a Vehicle in Maryland',
    state: 'State Where Your Vehicle Is Registered',
  },
  maryland_voter_registration: {
    question: 'Are you registered to vote?',
    year: 'Year You Registered to Vote in Maryland',
    state: 'State Where You Are Registered to Vote',
  },
  maryland_state_tax_return: {
    question: 'Did you file a state income tax return for last year?',
    year: 'First Year You Filed a Maryland Tax Return',
    state: 'State Where You Filed Your Tax Return',
  },
  maryland_state_tax_withholding: {
    question: 'Is state income tax withheld from your pay?',
    year: 'Year Maryland Tax Withholding Began',
    state: 'State Whose Income Tax Is Withheld',
  },
  maryland_public_assistance: {
    question: 'Do you receive public assistance, such as SNAP or Medicaid?',
    year: 'Year Your Maryland Public Assistance Began',
    state: 'State That Provides Your Public Assistance',
  },
};

function tieQuestions(key: TieKey): QuestionDef[] {
  const { question, year, state } = ties[key];
  return [
    radioQuestion(key, question, tieOptions, { rules: [required()] }),
    selectQuestion(`${key}_year`, year, tieYearOptions, { condition: tieInMaryland(key), rules: [when(tieInMaryland(key), required())] }),
    selectQuestion(`${key}_state`, state, otherStateOptions, { condition: tieInOtherState(key), rules: [when(tieInOtherState(key), required())] }),
  ];
}

export const tiesSection: SectionDef = {
  id: 'maryland-ties',
  title: 'Your Ties to Maryland',
  intro: 'Where you keep your belongings, drive, vote, pay taxes and receive benefits help show where you live.',
  condition: inStateApplicant,
  questions: [
    yesNoQuestion('maryland_possessions', 'Do you keep most of your personal belongings in Maryland?', {
      hint: 'Furniture, clothing and other household goods.',
      rules: [required()],
    }),
    ...TIE_KEYS.flatMap(tieQuestions),
  ],
};
