/**
 * "Resend the email": asks the API for another verification email and toasts its answer. When the address turns out
 * to be confirmed already (in another browser), the stored user learns it, and the banner goes.
 */
import { VERIFY_TEXTS } from '@roomnest/shared';
import { currentUserUpdated, errorMessage, notify, useHostDispatch } from '@roomnest/shared/client';
import { Button } from '@roomnest/shared/ui';
import { useResendVerificationMutation } from '../../api/shell-api.ts';

export const RESEND_FAILED = 'Could not send the email right now. Please try again.';

export function ResendVerificationButton({ className, block, variant = 'primary', size }: { className?: string; block?: boolean; variant?: 'primary' | 'ghost'; size?: 'sm' }) {
  const dispatch = useHostDispatch();
  const [resend, { isLoading }] = useResendVerificationMutation();
  const onClick = async () => {
    try {
      const result = await resend().unwrap();
      notify.success(result.message);
      if (result.emailVerified) dispatch(currentUserUpdated({ emailVerified: true }));
    } catch (error) {
      notify.error(errorMessage(error, RESEND_FAILED));
    }
  };
  return (
    <Button className={className} block={block} variant={variant} size={size} onClick={() => void onClick()} disabled={isLoading} aria-busy={isLoading}>
      {isLoading ? 'Sending…' : VERIFY_TEXTS.resendLabel}
    </Button>
  );
}
