import type { ReactNode } from 'react';

/**
 * An empty list or table that says what to do next (issue #30): the spec's own text first, on its own
 * (e.g. 'No collections yet.'), then one short line with the action, a link or a button.
 */
export function EmptyState({
  title,
  children,
  testId,
}: {
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      <p className="empty-state__title">{title}</p>
      {children && <p className="empty-state__next">{children}</p>}
    </div>
  );
}
