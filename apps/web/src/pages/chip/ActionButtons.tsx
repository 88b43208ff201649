import type { ChipAction } from './chipActions.js';
import {
  AUTH_FAILED,
  AUTHENTICATING,
  CLAIM_OWNERSHIP,
  CONNECT_WALLET,
  ITEM_LOCKED,
  LOCK,
  SCAN_AGAIN,
  SOLD_OUT,
  UNLOCK,
} from './chipTexts.js';

export interface ActionHandlers {
  connect?: () => void;
  mint?: () => void;
  claim?: () => void;
  lock?: () => void;
  unlock?: () => void;
}

function label(action: ChipAction): string {
  switch (action.kind) {
    case 'authenticating':
      return AUTHENTICATING;
    case 'auth-failed':
      return AUTH_FAILED;
    case 'rescan':
      return SCAN_AGAIN;
    case 'connect':
      return CONNECT_WALLET;
    case 'mint':
      return action.label;
    case 'sold-out':
      return SOLD_OUT;
    case 'claim':
      return CLAIM_OWNERSHIP;
    case 'locked':
      return ITEM_LOCKED;
    case 'lock':
      return LOCK;
    case 'unlock':
      return UNLOCK;
  }
}

/** The page's buttons (spec section 4); a state without a handler, or while busy, is disabled. */
export function ActionButtons({
  actions,
  handlers,
  busy = false,
}: {
  actions: ChipAction[];
  handlers: ActionHandlers;
  busy?: boolean;
}) {
  if (actions.length === 0) return null;
  return (
    <div className="chip-actions" data-testid="chip-actions">
      {actions.map((action) => {
        const onClick =
          action.kind === 'connect' ||
          action.kind === 'mint' ||
          action.kind === 'claim' ||
          action.kind === 'lock' ||
          action.kind === 'unlock'
            ? handlers[action.kind]
            : undefined;
        return (
          <button
            key={action.kind}
            type="button"
            className={`chip-button chip-button--${action.kind}`}
            disabled={!onClick || busy}
            onClick={onClick}
          >
            {label(action)}
          </button>
        );
      })}
    </div>
  );
}
