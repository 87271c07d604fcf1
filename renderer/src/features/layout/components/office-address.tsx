import { tenant } from '../../../../../common/form/tenant';

export function OfficeAddress({ withOffice = false }: { withOffice?: boolean }) {
  return (
    <address className="office-address">
      {withOffice && <span className="office-address__line">{tenant.office_name}</span>}
      {tenant.address_lines.map((line) => (
        <span key={line} className="office-address__line">
          {line}
        </span>
      ))}
    </address>
  );
}
