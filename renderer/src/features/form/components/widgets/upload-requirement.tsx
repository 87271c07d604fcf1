import { tenant } from '../../../../../../common/form/tenant';

export const requirementIdOf = (key: string) => `${key}-requirement`;

/** The tenant's limits on a document, stated before a file is chosen (issue 17 item 3). */
export function UploadRequirement({ questionKey }: { questionKey: string }) {
  return (
    <p id={requirementIdOf(questionKey)} className="field__hint upload__requirement">
      {tenant.upload_requirement}
    </p>
  );
}
