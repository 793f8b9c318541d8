import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

/**
 * Markdown from a model or an analyst, rendered safely: GitHub-flavoured (tables, code, lists) by
 * react-markdown, which builds React elements and never injects HTML, with raw HTML left as text and the
 * tree sanitized by rehype-sanitize (GitHub's allow-list: no scripts, event handlers or `javascript:`
 * links). Tables scroll inside their own box; long tokens wrap (see `.markdown` in console.css).
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize]}
        components={{
          table: ({ node: _node, ...props }) => (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            <section className="table-scroll" tabIndex={0} aria-label="Table">
              <table {...props} />
            </section>
          ),
          a: ({ node: _node, ...props }) => <a {...props} rel="noopener noreferrer" target="_blank" />,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
