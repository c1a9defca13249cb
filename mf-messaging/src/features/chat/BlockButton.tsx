/**
 * Block or Unblock, in a chat's header (docs/product.md, Blocks). Blocking asks first, in the shared confirmation
 * dialog (Cancel is the safe choice and has focus); unblocking does not, since it is undone as easily. The list of
 * blocked people is the shared 'Blocks' entry (GET /api/blocks), so the chat, the conversation list and My Profile
 * all change at once.
 */
import { TRUST_TEXTS } from '@roomnest/shared';
import { errorMessage, notify } from '@roomnest/shared/client';
import { Button, ConfirmDialog } from '@roomnest/shared/ui';
import { useState } from 'react';
import { useBlockUserMutation, useUnblockUserMutation } from '../../api/messaging-api.ts';

export interface BlockButtonProps {
  partnerId: number;
  name: string;
  /** Whether the signed-in person has blocked the partner (GET /api/blocks). */
  blocked: boolean;
}

export const BLOCK_FAILED = 'Could not block this person. Please try again.';
export const UNBLOCK_FAILED = 'Could not unblock this person. Please try again.';

export function BlockButton({ partnerId, name, blocked }: BlockButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [block, blocking] = useBlockUserMutation();
  const [unblock, unblocking] = useUnblockUserMutation();

  const confirmBlock = async () => {
    const result = await block(partnerId);
    setConfirming(false);
    if ('error' in result) notify.error(errorMessage(result.error, BLOCK_FAILED));
    else notify.success(result.data.message || TRUST_TEXTS.blockDone);
  };
  const doUnblock = async () => {
    const result = await unblock(partnerId);
    if ('error' in result) notify.error(errorMessage(result.error, UNBLOCK_FAILED));
    else notify.success(result.data.message || TRUST_TEXTS.unblockDone);
  };

  if (blocked) {
    return (
      <Button variant="secondary" onClick={() => void doUnblock()} disabled={unblocking.isLoading} aria-label={`Unblock ${name}`}>
        {unblocking.isLoading ? 'Unblocking…' : 'Unblock'}
      </Button>
    );
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Block ${name}`}>
        Block
      </Button>
      <ConfirmDialog
        open={confirming}
        title={TRUST_TEXTS.blockConfirmTitle(name)}
        confirmLabel="Block"
        busy={blocking.isLoading}
        busyLabel="Blocking…"
        onConfirm={() => void confirmBlock()}
        onCancel={() => setConfirming(false)}
      >
        <p>{TRUST_TEXTS.blockConfirmBody(name)}</p>
      </ConfirmDialog>
    </>
  );
}
