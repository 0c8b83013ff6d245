import type { ReactNode } from 'react';

/**
 * What a newcomer sees where there is nothing yet, and what to do about it. A title is the window's
 * level-one heading, as a tool's name is on its page: it stands where that page would.
 */
export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      {title && <h1 className="empty-title">{title}</h1>}
      <div className="empty-body">{children}</div>
    </div>
  );
}
