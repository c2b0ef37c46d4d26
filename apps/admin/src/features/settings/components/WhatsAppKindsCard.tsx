import { WHATSAPP_KIND_INFO, WHATSAPP_KINDS, type WhatsAppKind } from '@kapaas/contract';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { SwitchField } from '#admin/components/form/SwitchField.tsx';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { paths } from '#admin/lib/paths.ts';
import { useSaveSettings } from '../api/useSettings';

/**
 * Which messages go by WhatsApp (issue 36), one switch per kind, with what they cost said plainly. A kind switched off,
 * or without an approved template in the shopper's language, or to a shopper who did not agree, goes by e-mail.
 */
export function WhatsAppKindsCard({ kinds }: { kinds: readonly WhatsAppKind[] }) {
  const id = useId();
  const save = useSaveSettings();
  const [chosen, setChosen] = useState<ReadonlySet<WhatsAppKind>>(() => new Set(kinds));
  const error = save.error instanceof ApiError ? save.error.errors.whatsapp_kinds?.[0] : undefined;
  return (
    <Card className="mt-3">
      <Card.Body>
        <h2 className="h5">Messages on WhatsApp</h2>
        <p className="small text-body-secondary">
          Since 1 July 2025 Meta charges the shop for each template message it delivers. In India a utility message (an
          order update) costs about ₹0.12, and nothing within 24 hours of the shopper’s last message to you; a marketing
          message (back in stock, a cart reminder) costs about ₹0.80, about seven times more, and goes only to shoppers
          who agreed to offers on WhatsApp (July 2025 rates; Meta’s pricing page has today’s). A message switched off
          here, or without an approved <Link to={paths.whatsAppTemplates}>template</Link> in the shopper’s language,
          goes by e-mail, free.
        </p>
        <form
          noValidate
          aria-label="Messages on WhatsApp"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ whatsapp_kinds: WHATSAPP_KINDS.filter((kind) => chosen.has(kind)) });
          }}
        >
          {WHATSAPP_KINDS.map((kind) => (
            <SwitchField
              key={kind}
              id={`${id}-${kind}`}
              className="mb-2"
              label={`${WHATSAPP_KIND_INFO[kind].label}${WHATSAPP_KIND_INFO[kind].marketing ? ' (marketing)' : ''}`}
              checked={chosen.has(kind)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.currentTarget.checked) next.add(kind);
                else next.delete(kind);
                setChosen(next);
                if (save.isSuccess || save.isError) save.reset();
              }}
            />
          ))}
          {save.isError && (
            <p className="text-danger" role="alert">
              {error ?? errorMessage(save.error)}
            </p>
          )}
          {save.isSuccess && (
            <p role="status" className="text-success small mb-2">
              Saved: the next messages follow these choices.
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save WhatsApp messages'}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
