import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { pageOfKey } from '../../../../../common/form/pages';
import { formPagesAtom } from '../../../state/answer-changes';
import { fieldErrorsAtom, type FieldErrors } from '../../../state/validation';

/** Each key with its messages, each message once, in the order validation gave them. */
export function errorEntries(errors: FieldErrors): [string, string[]][] {
  return Object.entries(errors)
    .map(([key, messages]): [string, string[]] => [key, [...new Set(messages)]])
    .filter(([, messages]) => messages.length > 0);
}

/** Where an error link goes: the key's page, at the element whose id is the key. */
function useErrorLink() {
  const { pathname } = useLocation();
  const pages = useAtomValue(formPagesAtom);
  return (key: string) => ({ pathname: pageOfKey(key, pages)?.path ?? pathname, hash: `#${key}` });
}

/**
 * The validation error summary (spec platform section 2): only while validating, and only with
 * something to fix. It takes focus when it appears so the applicant hears what went wrong; the
 * links replace history, as the page tabs do, and the page body focuses their targets.
 */
export function ErrorSummary() {
  const entries = errorEntries(useAtomValue(fieldErrorsAtom));
  const linkTo = useErrorLink();
  const region = useRef<HTMLElement>(null);
  const visible = entries.length > 0;

  useEffect(() => {
    if (visible) region.current?.focus();
  }, [visible]);

  if (!visible) return null;
  return (
    <section ref={region} tabIndex={-1} className="error-summary" aria-labelledby="error-summary-title">
      <h3 id="error-summary-title" className="error-summary__title">
        Please fix the following before you submit
      </h3>
      <ul className="error-summary__list">
        {entries.flatMap(([key, messages]) =>
          messages.map((message) => (
            <li key={`${key}:${message}`}>
              <Link to={linkTo(key)} replace>
                {message}
              </Link>
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
