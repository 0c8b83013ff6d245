import type { ReactNode } from 'react';

/** What a newcomer sees where there is nothing yet, and what to do about it. */
export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      {title && <h2 className="empty-title">{title}</h2>}
      <div className="empty-body">{children}</div>
    </div>
  );
}
