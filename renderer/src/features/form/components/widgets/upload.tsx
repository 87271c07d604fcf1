import { isAnswered } from '../../../../../../common/form/conditions';
import { PrintField, type PrintProps, type WidgetProps, type WidgetView } from './field-parts';

/** Uploads are not built yet; a question that asks for one says so rather than failing. */
function UploadPlaceholder({ question, hint }: WidgetProps) {
  return (
    <div id={question.key} tabIndex={-1} className="field">
      <p className="field__label">{question.label}</p>
      {hint}
      <p>File uploads arrive soon.</p>
    </div>
  );
}

function UploadPrint({ question, value }: PrintProps) {
  return <PrintField label={question.label}>{isAnswered(value) ? 'File attached' : ''}</PrintField>;
}

export const uploadWidget: WidgetView = { Edit: UploadPlaceholder, Print: UploadPrint };
