import { tenant } from '../../../../../common/form/tenant';
import logoUrl from '../../../assets/partner-logo.svg';

export function PartnerLogo() {
  return <img className="partner-logo" src={logoUrl} alt={tenant.partner_logo_alt} width={300} height={56} />;
}
