interface WelcomeBackProps {
  firstName: string | null;
}

/**
 * A logged-in applicant before submission: the visitor's welcome no longer fits and the thanks
 * would come too early (docs/decisions.md, "Renderer").
 */
export function WelcomeBack({ firstName }: WelcomeBackProps) {
  return (
    <p className="welcome-back">
      {firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} Use the tabs above to move between the pages
      of your application.
    </p>
  );
}
