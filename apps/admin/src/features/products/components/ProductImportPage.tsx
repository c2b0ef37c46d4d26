import type { AdminImportReport } from '@kapaas/contract';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { paths } from '#admin/lib/paths.ts';
import { type ImportChoice, useImport } from '../api/useImport';
import { type ImportProgressKey, useImportProgress } from '../api/useImportProgress';
import { ImportProgress } from './ImportProgress';
import { ImportReport, productsCount } from './ImportReport';

type Options = Omit<ImportChoice, 'file' | 'images'>;
const NO_OPTIONS: Options = { createMissingCategories: false, allOrNothing: false, fetchImageUrls: false, sizeMap: '' };

/** The server's refusal beside a field of the form, by the form field's name. */
function FieldError({ error, field }: { error: unknown; field: string }): ReactNode {
  const messages = error instanceof ApiError ? error.errors[field] : undefined;
  if (!messages?.length) return null;
  return <div className="invalid-feedback d-block">{messages.join(' ')}</div>;
}

/**
 * Products → Import (ADR 064): a Shopify or Kapaas product CSV, with a ZIP of its pictures, checked by a dry run
 * whose report says what each row would do; "Import" then sends the same file and options, which the server accepts
 * only after that dry run. Changing anything asks for a new dry run.
 */
export function ProductImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [options, setOptions] = useState<Options>(NO_OPTIONS);
  const [checked, setChecked] = useState<AdminImportReport | null>(null);
  const [done, setDone] = useState<AdminImportReport | null>(null);
  const [sending, setSending] = useState<ImportProgressKey | null>(null);
  const run = useImport(setSending);
  const progress = useImportProgress(sending);
  // A 'done' seen before this POST's import has started is an earlier import of the same file.
  const shown = progress.data?.phase === 'done' ? null : (progress.data ?? null);
  const changed = () => {
    setChecked(null);
    setDone(null);
    run.reset();
  };
  const option = (name: keyof Options, value: boolean | string) => {
    setOptions({ ...options, [name]: value });
    changed();
  };
  const send = (dryRun: boolean) => {
    if (!file) return;
    run.mutate(
      { choice: { file, images, ...options }, dryRun },
      { onSuccess: (report) => (dryRun ? setChecked(report) : setDone(report)) },
    );
  };
  // The commit's progress shows by its button, under the report, where the owner's eyes are.
  const committing = run.variables?.dryRun === false;
  const toImport = checked ? checked.products.created + checked.products.updated : 0;
  return (
    <>
      <PageHeader title="Import products" back={{ to: paths.products, label: 'All products' }} />
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(true);
        }}
      >
        <ImportFields
          options={options}
          error={run.error}
          onFile={(chosen) => {
            setFile(chosen);
            changed();
          }}
          onImages={(chosen) => {
            setImages(chosen);
            changed();
          }}
          onOption={option}
        />
        <Button type="submit" disabled={!file || run.isPending}>
          {run.isPending && !checked ? 'Checking…' : 'Check the file (dry run)'}
        </Button>
      </Form>
      {run.isPending && !committing && <ImportProgress progress={shown} dryRun />}
      {run.error && (
        <Alert variant="danger" className="mt-3" role="alert">
          {errorMessage(run.error)}
        </Alert>
      )}
      {checked && !done && (
        <>
          <ImportReport report={checked} />
          <Button variant="primary" disabled={toImport === 0 || run.isPending} onClick={() => send(false)}>
            {run.isPending ? 'Importing…' : `Import ${productsCount(toImport)}`}
          </Button>
          {run.isPending && committing && <ImportProgress progress={shown} dryRun={false} />}
        </>
      )}
      {done && <ImportReport report={done} />}
    </>
  );
}

interface ImportFieldsProps {
  options: Options;
  error: unknown;
  onFile(file: File | null): void;
  onImages(file: File | null): void;
  onOption(name: keyof Options, value: boolean | string): void;
}

/** The form's files and options, each with the server's refusal beside it. */
function ImportFields({ options, error, onFile, onImages, onOption }: ImportFieldsProps) {
  const box = (name: 'createMissingCategories' | 'allOrNothing' | 'fetchImageUrls', label: string) => (
    <Form.Check
      id={`import-${name}`}
      type="checkbox"
      label={label}
      checked={options[name]}
      onChange={(event) => onOption(name, event.currentTarget.checked)}
    />
  );
  return (
    <>
      <Form.Group className="mb-3" controlId="import-file">
        <Form.Label>Product CSV (Shopify's export or Kapaas's)</Form.Label>
        <Form.Control
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => onFile((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <FieldError error={error} field="file" />
      </Form.Group>
      <Form.Group className="mb-3" controlId="import-images">
        <Form.Label>Pictures (a ZIP of the files the CSV names; optional)</Form.Label>
        <Form.Control
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => onImages((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="import-size-map">
        <Form.Label>Size names (JSON, the file's name → the shop's)</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          placeholder='{"0-3 Months": "0-3M"}'
          value={options.sizeMap}
          onChange={(event) => onOption('sizeMap', event.currentTarget.value)}
        />
        <FieldError error={error} field="size_map" />
      </Form.Group>
      <div className="mb-3">
        {box('createMissingCategories', 'Create missing categories')}
        {box('allOrNothing', 'All or nothing: import none if a row is refused')}
        {box('fetchImageUrls', 'Fetch image URLs (public http and https addresses only)')}
      </div>
    </>
  );
}
