import type { WhatsAppTemplateButton } from '@kapaas/contract';

/** The body with each {{n}} replaced by its example, as the shopper's phone shows a sent message. */
export function previewText(body: string, examples: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => examples[Number(n) - 1] || whole);
}

/**
 * A template as a phone shows it (WhatsApp's chat bubble): the body filled with the examples, then its buttons, a
 * quick reply as a tap and a URL button as a link, with the example address it would open.
 */
export function PhonePreview({
  body,
  examples,
  buttons,
  language,
}: {
  body: string;
  examples: readonly string[];
  buttons: readonly Pick<WhatsAppTemplateButton, 'type' | 'text'>[];
  language: string;
}) {
  return (
    <figure className="wa-phone" aria-label="Preview on a phone">
      <div className="wa-phone-chat">
        <div className="wa-bubble" lang={language}>
          <p className="wa-bubble-text">{previewText(body, examples) || 'The message appears here as you write it.'}</p>
          <span className="wa-bubble-time" aria-hidden="true">
            10:42
          </span>
        </div>
        {buttons.length > 0 && (
          <ul className="wa-buttons" aria-label="Buttons">
            {buttons.map((button, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the buttons are drawn in their order and never moved
              <li key={index} className="wa-button" lang={language}>
                <span aria-hidden="true">{button.type === 'url' ? '↗ ' : '↩ '}</span>
                {button.text || '…'}
              </li>
            ))}
          </ul>
        )}
      </div>
      <figcaption className="small text-body-secondary mt-1">
        As the shopper’s phone shows it, with the examples.
      </figcaption>
    </figure>
  );
}
