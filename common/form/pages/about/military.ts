import { calendarYearOptions, monthOptions } from '../../options';
import type { SectionDef } from '../../types';
import { required, when } from '../../schema/generic-rules';
import { radioQuestion, selectQuestion, textQuestion, yesNoQuestion } from '../question-factories';
import { militaryStatusOptions, serviceBranchOptions, vaEducationBenefitOptions } from './choices';
import { answered, veteran, yes } from './conditions';
import { ADDRESS_LINE_MAX } from './lengths';

/** Separation years reach back a full career and more: a 70-year list from this year. */
const SEPARATION_YEARS = 70;

export const militarySection: SectionDef = {
  id: 'military',
  title: 'Military Service',
  questions: [
    yesNoQuestion('military_status', 'Have you served, or are you serving, in the U.S. armed forces?', {
      hint: 'Including the National Guard and the Reserve.',
    }),
  ],
};

export const serviceDetailsSection: SectionDef = {
  id: 'military-service',
  title: 'Your Service',
  condition: yes('military_status'),
  questions: [
    selectQuestion('military_status_specified', 'Military Status', militaryStatusOptions),
    radioQuestion('military_service_branch_radio', 'Branch of Service', serviceBranchOptions),
    textQuestion('military_duty_station', 'Current or Most Recent Duty Station', { maxLength: ADDRESS_LINE_MAX }),
    selectQuestion('military_separation_month', 'Separation Month', monthOptions, { condition: veteran, rules: [when(veteran, required())] }),
    selectQuestion('military_separation_year', 'Separation Year', calendarYearOptions({ count: SEPARATION_YEARS, direction: 'past' }), {
      condition: veteran,
      rules: [when(answered('military_separation_month'), required())],
    }),
  ],
};

export const militaryBenefitsSection: SectionDef = {
  id: 'military-benefits',
  title: 'Military Families and Benefits',
  questions: [
    yesNoQuestion('military_dependent', 'Are you the spouse or dependent of a service member or veteran?'),
    yesNoQuestion('veterans_affairs_benefit_toggle', 'Do you plan to use VA education benefits?', {
      hint: 'Our Veterans Services office will help you with the paperwork.',
    }),
    selectQuestion('veterans_affairs_edu_benefit', 'VA Education Benefit', vaEducationBenefitOptions, {
      condition: yes('veterans_affairs_benefit_toggle'),
    }),
  ],
};

export const militarySections: readonly SectionDef[] = [militarySection, serviceDetailsSection, militaryBenefitsSection];
