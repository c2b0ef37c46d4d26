import {
  type AdminWhatsAppTemplate,
  type AdminWhatsAppTemplateInput,
  QUICK_REPLY_ACTIONS,
  WHATSAPP_KIND_INFO,
  WHATSAPP_KINDS,
  type WhatsAppKind,
} from '@kapaas/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { SelectField, TextareaField, TextField } from '#admin/components/form/Field.tsx';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { useSaveTemplate } from '../api/useWhatsAppTemplates';
import { PhonePreview } from './PhonePreview';

type QuickReply = { text: string; payload: keyof typeof QUICK_REPLY_ACTIONS };
type ButtonMode = 'none' | 'quick_reply' | 'url';

interface Draft {
  name: string;
  language: 'en' | 'hi';
  category: AdminWhatsAppTemplateInput['category'];
  kind: WhatsAppKind;
  body: string;
  examples: string[];
  mode: ButtonMode;
  quickReplies: QuickReply[];
  url: { text: string; url: string; example: string };
}

const EMPTY: Draft = {
  name: '',
  language: 'en',
  category: 'utility',
  kind: 'order_shipped',
  body: '',
  examples: [],
  mode: 'none',
  quickReplies: [{ text: '', payload: 'stop' }],
  url: { text: '', url: 'https://', example: 'https://' },
};

function draftOf(template: AdminWhatsAppTemplate | null): Draft {
  if (!template) return EMPTY;
  const url = template.buttons.find((button) => button.type === 'url');
  const quick = template.buttons.flatMap((button) =>
    button.type === 'quick_reply' ? [{ text: button.text, payload: button.payload as QuickReply['payload'] }] : [],
  );
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    kind: template.kind,
    body: template.body,
    examples: template.examples,
    mode: url ? 'url' : quick.length > 0 ? 'quick_reply' : 'none',
    quickReplies: quick.length > 0 ? quick : EMPTY.quickReplies,
    url: url?.type === 'url' ? { text: url.text, url: url.url, example: url.example } : EMPTY.url,
  };
}

/** How many parameters the body numbers: one example field each. */
export function parameterCount(body: string): number {
  return new Set([...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => match[1])).size;
}

function bodyOf(draft: Draft): AdminWhatsAppTemplateInput {
  const count = parameterCount(draft.body);
  const buttons: AdminWhatsAppTemplateInput['buttons'] =
    draft.mode === 'url'
      ? [{ type: 'url', ...draft.url }]
      : draft.mode === 'quick_reply'
        ? draft.quickReplies.map((reply) => ({ type: 'quick_reply' as const, ...reply }))
        : [];
  return {
    name: draft.name,
    language: draft.language,
    category: draft.category,
    kind: draft.kind,
    body: draft.body,
    examples: Array.from({ length: count }, (_, index) => draft.examples[index] ?? ''),
    buttons,
  };
}

const KIND_OPTIONS = WHATSAPP_KINDS.map((kind) => ({ value: kind, label: WHATSAPP_KIND_INFO[kind].label }));
const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English (en)' },
  { value: 'hi', label: 'Hindi (hi)' },
];
const CATEGORY_OPTIONS = [
  { value: 'utility', label: 'Utility (order updates)' },
  { value: 'marketing', label: 'Marketing (offers, reminders)' },
  { value: 'authentication', label: 'Authentication (codes)' },
];
const ACTION_OPTIONS = Object.entries(QUICK_REPLY_ACTIONS).map(([value, label]) => ({ value, label }));

const HELP = {
  name: 'Lowercase letters, digits and underscores, e.g. order_shipped. Meta keeps one per name and language.',
  body: 'Write {{1}}, {{2}}, … where each message puts its own words (the name, the order number), in order. Not first or last.',
  category: 'Order updates are utility; back in stock and cart reminders are marketing, which costs more.',
} as const;

/**
 * Writes a new template or changes a draft or rejected one: each field with the server's refusal beside it, the
 * examples Meta requires (one per parameter), the buttons, and the message as a phone will show it.
 */
export function TemplateEditor({ template, onDone }: { template: AdminWhatsAppTemplate | null; onDone: () => void }) {
  const id = useId();
  const save = useSaveTemplate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const error = (field: string) => errors[field]?.[0];
  const change = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    if (save.isError) save.reset();
  };
  const count = parameterCount(draft.body);
  const sent = bodyOf(draft);
  const fieldErrorShown = Object.keys(errors).length > 0;
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h5">{template ? `Change ${template.name} (${template.language})` : 'New template'}</h2>
        <div className="row g-4">
          <form
            noValidate
            className="col-lg-7"
            aria-label="Template"
            onSubmit={(event) => {
              event.preventDefault();
              save.mutate({ id: template?.id ?? null, body: sent }, { onSuccess: onDone });
            }}
          >
            <TextField
              id={`${id}-name`}
              label="Name"
              help={HELP.name}
              error={error('name')}
              value={draft.name}
              onChange={(event) => change({ name: event.currentTarget.value })}
            />
            <div className="row">
              <div className="col-sm-6">
                <SelectField
                  id={`${id}-kind`}
                  label="Sent for"
                  options={KIND_OPTIONS}
                  error={error('kind')}
                  value={draft.kind}
                  onChange={(event) => {
                    const kind = event.currentTarget.value as WhatsAppKind;
                    change({ kind, category: WHATSAPP_KIND_INFO[kind].marketing ? 'marketing' : 'utility' });
                  }}
                />
              </div>
              <div className="col-sm-6">
                <SelectField
                  id={`${id}-language`}
                  label="Language"
                  options={LANGUAGE_OPTIONS}
                  error={error('language')}
                  value={draft.language}
                  onChange={(event) => change({ language: event.currentTarget.value as Draft['language'] })}
                />
              </div>
            </div>
            <SelectField
              id={`${id}-category`}
              label="Category"
              help={HELP.category}
              options={CATEGORY_OPTIONS}
              error={error('category')}
              value={draft.category}
              onChange={(event) => change({ category: event.currentTarget.value as Draft['category'] })}
            />
            <TextareaField
              id={`${id}-body`}
              label="Message"
              help={HELP.body}
              error={error('body')}
              rows={5}
              lang={draft.language}
              value={draft.body}
              onChange={(event) => change({ body: event.currentTarget.value })}
            />
            <ExampleFields id={id} count={count} draft={draft} change={change} error={error} />
            <ButtonFields id={id} draft={draft} change={change} error={error} />
            {save.isError && !fieldErrorShown && (
              <p className="text-danger" role="alert">
                {errorMessage(save.error)}
              </p>
            )}
            <div className="d-flex gap-2 flex-wrap">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save draft'}
              </Button>
              <Button variant="outline-secondary" onClick={onDone}>
                Cancel
              </Button>
            </div>
          </form>
          <div className="col-lg-5">
            <PhonePreview body={draft.body} examples={sent.examples} buttons={sent.buttons} language={draft.language} />
          </div>
        </div>
      </Card.Body>
    </Card>
  );
}

interface PartProps {
  id: string;
  draft: Draft;
  change: (changes: Partial<Draft>) => void;
  error: (field: string) => string | undefined;
}

function ExampleFields({ id, count, draft, change, error }: PartProps & { count: number }) {
  if (count === 0) return null;
  return (
    <fieldset className="mb-3">
      <legend className="form-label">Examples (Meta reviews the message with these)</legend>
      {Array.from({ length: count }, (_, index) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: the nth parameter's field is the nth field
          key={index}
          id={`${id}-example-${index + 1}`}
          label={`Example for {{${index + 1}}}`}
          lang={draft.language}
          error={index === 0 ? error('examples') : error(`examples.${index}`)}
          value={draft.examples[index] ?? ''}
          onChange={(event) => {
            const examples = [...draft.examples];
            examples[index] = event.currentTarget.value;
            change({ examples });
          }}
        />
      ))}
    </fieldset>
  );
}

function ButtonFields({ id, draft, change, error }: PartProps) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label">Buttons</legend>
      <SelectField
        id={`${id}-buttons`}
        label="Buttons under the message"
        error={error('buttons')}
        value={draft.mode}
        options={[
          { value: 'none', label: 'None' },
          { value: 'quick_reply', label: 'Quick replies (up to three taps)' },
          { value: 'url', label: 'One link (URL button)' },
        ]}
        onChange={(event) => change({ mode: event.currentTarget.value as ButtonMode })}
      />
      {draft.mode === 'quick_reply' && <QuickReplyFields id={id} draft={draft} change={change} error={error} />}
      {draft.mode === 'url' && <UrlFields id={id} draft={draft} change={change} error={error} />}
    </fieldset>
  );
}

function QuickReplyFields({ id, draft, change, error }: PartProps) {
  const set = (index: number, reply: Partial<QuickReply>) =>
    change({
      quickReplies: draft.quickReplies.map((current, at) => (at === index ? { ...current, ...reply } : current)),
    });
  return (
    <>
      {draft.quickReplies.map((reply, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the nth button's fields are the nth row
        <div className="row" key={index}>
          <div className="col-sm-6">
            <TextField
              id={`${id}-reply-${index}-text`}
              label={`Button ${index + 1}`}
              lang={draft.language}
              maxLength={25}
              error={error(`buttons.${index}.text`)}
              value={reply.text}
              onChange={(event) => set(index, { text: event.currentTarget.value })}
            />
          </div>
          <div className="col-sm-6">
            <SelectField
              id={`${id}-reply-${index}-payload`}
              label={`What button ${index + 1} does`}
              options={ACTION_OPTIONS}
              error={error(`buttons.${index}.payload`)}
              value={reply.payload}
              onChange={(event) => set(index, { payload: event.currentTarget.value as QuickReply['payload'] })}
            />
          </div>
        </div>
      ))}
      <div className="d-flex gap-2">
        {draft.quickReplies.length < 3 && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => change({ quickReplies: [...draft.quickReplies, { text: '', payload: 'stop' }] })}
          >
            Add a button
          </Button>
        )}
        {draft.quickReplies.length > 1 && (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => change({ quickReplies: draft.quickReplies.slice(0, -1) })}
          >
            Remove the last button
          </Button>
        )}
      </div>
    </>
  );
}

function UrlFields({ id, draft, change, error }: PartProps) {
  const set = (url: Partial<Draft['url']>) => change({ url: { ...draft.url, ...url } });
  return (
    <>
      <TextField
        id={`${id}-url-text`}
        label="Button text"
        lang={draft.language}
        maxLength={25}
        error={error('buttons.0.text')}
        value={draft.url.text}
        onChange={(event) => set({ text: event.currentTarget.value })}
      />
      <TextField
        id={`${id}-url`}
        label="Address"
        help="An https:// address; end it with {{1}} for the part each message fills (a tracking number)."
        error={error('buttons.0.url')}
        value={draft.url.url}
        onChange={(event) => set({ url: event.currentTarget.value })}
      />
      <TextField
        id={`${id}-url-example`}
        label="Example address"
        error={error('buttons.0.example')}
        value={draft.url.example}
        onChange={(event) => set({ example: event.currentTarget.value })}
      />
    </>
  );
}
