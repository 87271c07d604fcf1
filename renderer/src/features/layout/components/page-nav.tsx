import type { MouseEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { NavLink, useNavigate } from 'react-router-dom';
import { formPages, paths } from '../../../config/paths';
import type { NavigationState } from '../../../lib/navigation-state';
import { hasAnyAnswerAtom, useReadAnswers } from '../../answers/typed-answers';
import { isLoggedInAtom } from '../../../state/session';
import { hasChangedPageAtom, webStatusAtom } from '../../../state/snapshot';

/**
 * The page tabs (spec platform section 2). Tabs replace history: Back leaves the application
 * rather than stepping through its pages. A visitor with answers is asked to create an account
 * first, so the answers are not lost. A submitted application has no pages left to open: every
 * tab would lead back to /completion, so there are none (docs/decisions.md, "Page tabs").
 */
export function PageNav() {
  const navigate = useNavigate();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const hasAnyAnswer = useAtomValue(hasAnyAnswerAtom);
  const readAnswers = useReadAnswers();
  const setHasChangedPage = useSetAtom(hasChangedPageAtom);
  const submitted = useAtomValue(webStatusAtom) === 'submitted';

  const onNavigate = (event: MouseEvent<HTMLAnchorElement>) => {
    setHasChangedPage(true);
    if (isLoggedIn || !hasAnyAnswer) return;
    event.preventDefault();
    navigate(paths.signup, { state: { answers: readAnswers() } satisfies NavigationState });
  };

  if (submitted) return null;
  return (
    <nav className="page-nav" aria-label="Application pages">
      <ul className="page-nav__list">
        {formPages.map((page) => (
          <li key={page.path}>
            <NavLink to={page.path} replace className="page-nav__link" onClick={onNavigate}>
              {page.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
