import type { AdminSize, AdminSizeChart } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { showServerErrors } from '#admin/lib/forms.ts';
import {
  type ChartValues,
  chartBody,
  chartSchema,
  chartValues,
  FIGURES,
  type Figure,
  fieldOfIn,
} from './sizeChartForm';
import { type ChartTarget, useChangeSizeChart } from './useSizeChart';

interface SizeChartEditorProps {
  target: ChartTarget;
  sizes: readonly AdminSize[];
  /** The rows to start from: the chart itself, or (for a product's new chart) its category's. */
  chart: AdminSizeChart | undefined;
  /** What the table is called, for its caption and the save button. */
  title: string;
}

/**
 * A size chart edited as a table (issue 38, ADR 056): a row per size of the shop, a number input per figure, the error
 * beside the field it is about. A size left empty in every cell is not in the chart. Saved whole.
 */
export function SizeChartEditor({ target, sizes, chart, title }: SizeChartEditorProps) {
  const id = useId();
  const { save } = useChangeSizeChart(target);
  // The field a problem is beside depends on which rows were typed: read from the form when the problem comes.
  const current: { values: () => ChartValues } = { values: () => chartValues(sizes, chart) };
  const fieldOf = fieldOfIn(() => current.values());
  const form = useZodForm<ChartValues, typeof chartSchema>(chartSchema, {
    toBody: chartBody,
    fieldOf,
    defaultValues: chartValues(sizes, chart),
  });
  current.values = () => form.getValues();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const errorOf = (row: number, name: Figure) => errors.rows?.[row]?.[name]?.message;

  const submit = async (body: Parameters<typeof save.mutateAsync>[0]) => {
    try {
      await save.mutateAsync(body);
    } catch (error) {
      showServerErrors(error, setError, fieldOf);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-labelledby={`${id}-caption`}>
      <fieldset disabled={isSubmitting}>
        <div className="table-responsive">
          <table className="table table-sm align-top size-chart-editor">
            <caption id={`${id}-caption`} className="caption-top">
              {title}: ages in months, heights and the garment in cm, weights in kg (to a tenth). Leave a size empty to
              leave it out.
            </caption>
            <thead>
              <tr>
                <th scope="col">Size</th>
                {FIGURES.map((figure) => (
                  <th key={figure.name} scope="col">
                    {figure.label} <span className="text-body-secondary fw-normal">({figure.unit})</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sizes.map((size, row) => (
                <tr key={size.id}>
                  <th scope="row">{size.label}</th>
                  {FIGURES.map((figure) => {
                    const error = errorOf(row, figure.name);
                    const inputId = `${id}-${row}-${figure.name}`;
                    return (
                      <td key={figure.name}>
                        <input
                          id={inputId}
                          type="number"
                          inputMode="decimal"
                          step={figure.step}
                          aria-label={`${size.label} ${figure.label.toLowerCase()} (${figure.unit})`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${inputId}-error` : undefined}
                          className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                          {...register(`rows.${row}.${figure.name}`)}
                        />
                        {error && (
                          <div id={`${inputId}-error`} className="invalid-feedback">
                            {error}
                          </div>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <FormOutcome error={errors.root?.server?.message ?? errors.root?.form?.message} />
      {save.isSuccess && (
        <Alert variant="success" role="status">
          Saved. The product pages show the chart now.
        </Alert>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save the chart'}
      </Button>
    </form>
  );
}
