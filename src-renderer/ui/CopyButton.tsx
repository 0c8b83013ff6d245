import { useEffect, useState } from 'react';
import { copyText } from './copy-text';
import { useWords } from './use-words';

/**
 * A button that copies text and says so for a moment. Both words are laid out, one of them hidden,
 * so the button keeps one width and nothing beside it moves when "Copied" shows.
 */
export function CopyButton(props: { text: () => string; label?: string; className?: string; disabled?: boolean }) {
  const { text, label, className, disabled } = props;
  const words = useWords();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={`${className ?? 'button'} copy-button`}
      aria-label={label}
      disabled={disabled}
      data-copied={copied || undefined}
      onClick={() => void copyText(text()).then(setCopied)}
    >
      <span className="copy-word" aria-hidden={copied || undefined}>
        {words.copy}
      </span>
      <span className="copy-word" aria-hidden={!copied || undefined}>
        {words.copied}
      </span>
    </button>
  );
}
