import { useEffect, useState } from 'react';
import { useWords } from '../words/use-words';
import { copyText } from './copy-text';

/** A button that copies text and says so for a moment. */
export function CopyButton({ text, label, className }: { text: () => string; label?: string; className?: string }) {
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
      className={className ?? 'button'}
      aria-label={label}
      onClick={() => void copyText(text()).then(setCopied)}
    >
      {copied ? words.copied : words.copy}
    </button>
  );
}
