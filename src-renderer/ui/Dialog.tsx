// A modal sheet: focus moves in, Tab stays in, Escape cancels, focus returns to where it was.
import { useEffect, useId, useRef, type ReactNode } from 'react';

const focusable =
  'button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog(props: {
  title: string;
  description?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  onCancel: () => void;
  children: ReactNode;
  /** The element to focus first; else the first focusable one. */
  initialFocus?: React.RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const first = props.initialFocus?.current ?? ref.current?.querySelector<HTMLElement>(focusable);
    first?.focus();
    return () => before?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus once, when the dialog opens, not when initialFocus is another ref
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      props.onCancel();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
    const [first, last] = [items[0], items[items.length - 1]];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && props.onCancel()}>
      <div
        ref={ref}
        className="dialog"
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.description ? descriptionId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {props.title}
        </h2>
        {props.description && (
          <div id={descriptionId} className="dialog-description">
            {props.description}
          </div>
        )}
        {props.children}
      </div>
    </div>
  );
}
