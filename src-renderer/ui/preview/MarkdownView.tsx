// Markdown a plugin gave, rendered safely: react-markdown builds React elements (never HTML), and
// the HTML written in the Markdown is shown as the text it is, so nothing of the plugin's runs.
// Links and pictures are shown, never followed or fetched: a link is its text and its address (a
// click could carry away what the plugin read), a picture its description and address. Nothing
// opens them from here; a caller that wants links to open would add that with its own consent.
import { useMemo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { useWords } from '../use-words';

const plugins = [remarkGfm];
/** The addresses are only ever shown as text, so they are kept as written (none becomes an attribute). */
const asWritten = (url: string) => url;

export function MarkdownView({ text }: { text: string }) {
  const words = useWords();
  const components = useMemo<Components>(
    () => ({
      a: ({ children, href }) => (
        <span className="markdown-link">
          {children}
          {href && !href.startsWith('#') && <span className="markdown-address"> ({href})</span>}
        </span>
      ),
      img: ({ alt, src }) => <span className="markdown-picture">{words.markdownPicture(alt ?? '', typeof src === 'string' ? src : '')}</span>,
    }),
    [words],
  );
  return (
    <div className="converted-markdown">
      <Markdown remarkPlugins={plugins} components={components} urlTransform={asWritten}>
        {text}
      </Markdown>
    </div>
  );
}
