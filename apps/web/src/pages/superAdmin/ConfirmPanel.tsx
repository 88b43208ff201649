import type { ReactNode } from 'react';
import { Button } from '@metatag/ui';
import './confirmPanel.css';

/**
 * A confirmation step before a transaction whose effect reaches far (every collection on a locator,
 * every template without a collection): it names what changes, and nothing is sent until the
 * confirming button is pressed. Escape or Cancel go back.
 */
export function ConfirmPanel({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div
      className="confirm-panel"
      role="alertdialog"
      aria-label={title}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p className="confirm-panel__title">{title}</p>
      <div className="confirm-panel__body">{children}</div>
      <div className="confirm-panel__actions">
        {/* the step takes the focus: its question is what the keyboard user meets next */}
        <Button autoFocus onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
