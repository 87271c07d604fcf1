import { useLocation } from 'react-router-dom';
import { APPLICANT_NAME_KEYS, applicantNameParts } from '../../../../../common/form/applicant-name';
import { useAnswers } from '../../answers/typed-answers';
import { paths } from '../../../config/paths';
import { AlmostFinished } from './almost-finished';
import { ThanksBanner } from './thanks-banner';

/**
 * What a submitted applicant sees above every page: the thanks and the 'Almost finished' steps
 * (/completion shows the steps itself, beside its download). Only a submitted applicant meets
 * them, so they load apart from a visitor's first paint (account-banner.tsx).
 */
export function SubmittedBanners() {
  const { pathname } = useLocation();
  const firstName = applicantNameParts(useAnswers(APPLICANT_NAME_KEYS)).first;
  return (
    <>
      <ThanksBanner firstName={firstName} />
      {pathname !== paths.completion && <AlmostFinished shortOnPhone />}
    </>
  );
}
