import type { AdminBulkApplyAnswer } from '@kapaas/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { useCatalogueChoices } from '#admin/lib/choices.ts';
import { type BulkBody, useBulkApply, useBulkPreview } from '../api/useBulkEdit';
import { BulkActionForm } from './BulkActionForm';
import { BulkPreviewTable } from './BulkPreviewTable';
import { type BulkField, type BulkForm, bulkAction, bulkErrors, emptyBulkForm } from './bulkAction';

/** The products chosen: ticked ids, or every product the list's filters match. */
export type BulkSelection = { ids: number[] } | { filter: Record<string, string> };

interface BulkEditPanelProps {
  selection: BulkSelection;
  /** "3 products", "all 1,240 products matching this filter". */
  described: string;
  onClear: () => void;
  /** After Apply: what it did, for the list to say while the selection is cleared. */
  onApplied: (message: string) => void;
}

const applied = (counts: AdminBulkApplyAnswer['data']) =>
  `Changed ${counts.changed.toLocaleString('en-IN')} of ${counts.selected.toLocaleString('en-IN')} products` +
  `; ${counts.unchanged.toLocaleString('en-IN')} unchanged, ${counts.refused.toLocaleString('en-IN')} refused.`;

/**
 * The bulk bar (issue 39, ADR 065): the action's form, Preview (the server computes every product's before and
 * after), then Apply with the body that was previewed, and the counts. Any change to the form drops the preview.
 */
export function BulkEditPanel({ selection, described, onClear, onApplied }: BulkEditPanelProps) {
  const choices = useCatalogueChoices();
  const previewCall = useBulkPreview();
  const applyCall = useBulkApply();
  const [form, setForm] = useState<BulkForm>(emptyBulkForm);
  const [errors, setErrors] = useState<Partial<Record<BulkField, string>>>({});
  const [previewed, setPreviewed] = useState<BulkBody | null>(null);

  const change = (next: BulkForm) => {
    setForm(next);
    setPreviewed(null);
    previewCall.reset();
  };
  const refused = (error: unknown) =>
    setErrors(
      error instanceof ApiError ? { ...bulkErrors(error.errors), form: error.message } : { form: errorMessage(error) },
    );

  const preview = async () => {
    const checked = bulkAction(form);
    setErrors(checked.errors ?? {});
    if (!checked.action) return;
    const body: BulkBody = { ...selection, action: checked.action };
    try {
      await previewCall.mutateAsync(body);
      setPreviewed(body);
    } catch (error) {
      refused(error);
    }
  };
  const apply = async () => {
    if (!previewed) return;
    try {
      onApplied(applied(await applyCall.mutateAsync(previewed)));
    } catch (error) {
      refused(error);
    }
  };

  const nameOf = {
    category: (id: number) => choices.categories.find((c) => c.id === id)?.name ?? `#${id}`,
    subcategory: (id: number) => choices.subcategories.find((s) => s.id === id)?.name ?? `#${id}`,
  };
  return (
    <section aria-label="Bulk edit" className="bulk-bar card card-body mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <strong className="me-auto">Selected: {described}</strong>
        <Button variant="outline-secondary" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      {errors.selection && <p className="text-danger small">{errors.selection}</p>}
      <BulkActionForm form={form} onChange={change} errors={errors} {...choices} />
      {errors.form && <Alert variant="danger">{errors.form}</Alert>}
      <div>
        <Button variant="outline-primary" onClick={() => void preview()} disabled={previewCall.isPending}>
          {previewCall.isPending ? 'Working out the preview…' : 'Preview'}
        </Button>
      </div>
      {previewed && previewCall.data && (
        <BulkPreviewTable
          preview={previewCall.data}
          kind={previewed.action.kind}
          nameOf={nameOf}
          applying={applyCall.isPending}
          onApply={() => void apply()}
        />
      )}
    </section>
  );
}
