import { tenant } from '../../../../../common/form/tenant';
import { Modal } from '../../../components/ui/modal';
import { OfficeAddress } from './office-address';

// A dialable tel: URI; ten digits are a North American number.
function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}

interface HelpModalProps {
  isOpen: boolean;
  onClose: () => void;
}

export function HelpModal({ isOpen, onClose }: HelpModalProps) {
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Help" size="s">
      <section className="help-section" aria-labelledby="help-technical">
        <h3 id="help-technical">Technical Help</h3>
        <p>
          If something in the application does not work for you, e-mail{' '}
          <a href={`mailto:${tenant.help_email}`}>{tenant.help_email}</a>. We&apos;ll get back to you ASAP.
        </p>
        <p>Some files, such as the PDF copy of your application, need a PDF reader to open them.</p>
      </section>
      <section className="help-section" aria-labelledby="help-contact">
        <h3 id="help-contact">Contact Us</h3>
        <OfficeAddress withOffice />
        <p>
          E-mail: <a href={`mailto:${tenant.admissions_email}`}>{tenant.admissions_email}</a>
        </p>
        <p>
          Phone: <a href={telHref(tenant.phone)}>{tenant.phone}</a>
        </p>
      </section>
    </Modal>
  );
}
