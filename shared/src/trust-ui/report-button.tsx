/**
 * The Report action (docs/product.md, Trust and safety), on the room page, on each flatmate card and in a chat's
 * header: a quiet text button that opens the Report dialog, loaded only when pressed. The page decides where it
 * shows (never on one's own listing, card or to oneself). A visitor is sent to /login with the target in the return
 * URL (REPORT_PARAM) and, back on the page, finds the dialog open for that target; the parameter then leaves the URL.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectIsLoggedIn } from '../client/contract.ts';
import { useHostSelector } from '../client/hooks.ts';
import { loginRedirectState } from '../client/login-redirect.ts';
import { notify } from '../client/notify.ts';
import { withoutParam, withParam } from '../query-string.ts';
import { ROUTES } from '../routes.ts';
import { TRUST_TEXTS } from '../trust.ts';
import { Button } from '../ui/components.tsx';
import type { ReportTarget } from './report-dialog.tsx';

/** The query parameter that carries a visitor's report through /login: `listing-12`, `user-34`. */
export const REPORT_PARAM = 'report';

const reportKey = (target: ReportTarget) => `${target.TargetType}-${target.TargetID}`;

const ReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })));

export interface ReportButtonProps {
  target: ReportTarget;
  /** What is reported, for the dialog's title and the button's name: "this listing", "Amelia Hart". */
  subject: string;
  /** The visible label: "Report" (the subject is added for a screen reader) or a label naming it already. */
  label?: string;
  className?: string;
}

export function ReportButton({ target, subject, label = 'Report', className }: ReportButtonProps) {
  const loggedIn = useHostSelector(selectIsLoggedIn);
  const location = useLocation();
  const navigate = useNavigate();
  const key = reportKey(target);
  const carried = new URLSearchParams(location.search).get(REPORT_PARAM) === key && loggedIn;
  // Back from /login with this target in the URL, the page opens with the dialog open for it.
  const [open, setOpen] = useState(carried);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The dialog leaves the page as it closes, so the focus is put back on the button here, once it has closed (while a
  // modal dialog is open the rest of the page is inert and cannot take the focus).
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // The target carried through /login leaves the URL once used (replacing the entry: Back does not open it again).
  useEffect(() => {
    if (!carried) return;
    void navigate({ pathname: location.pathname, search: withoutParam(location.search, REPORT_PARAM), hash: location.hash }, { replace: true, state: location.state });
  }, [carried, location, navigate]);

  const press = () => {
    if (!loggedIn) {
      notify.info(TRUST_TEXTS.loginToReport);
      void navigate(ROUTES.login, { state: loginRedirectState({ pathname: location.pathname, search: withParam(location.search, REPORT_PARAM, key), hash: location.hash }) });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button ref={buttonRef} variant="ghost" className={className} onClick={press} aria-haspopup="dialog">
        {label}
        {label.includes(subject) ? null : <span className="visually-hidden"> {subject}</span>}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            target={target}
            title={`Report ${subject}`}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
