import type { AdminCategory, AdminSize, AdminSubcategory } from '@kapaas/contract';
import { Field, SelectField, TextField } from '#admin/components/form/Field.tsx';
import { BULK_CHOICES, type BulkChoice, type BulkField, type BulkForm } from './bulkAction';

interface BulkActionFormProps {
  form: BulkForm;
  onChange: (form: BulkForm) => void;
  errors: Partial<Record<BulkField, string>>;
  categories: AdminCategory[];
  subcategories: AdminSubcategory[];
  sizes: AdminSize[];
}

const AMOUNT_LABELS: Partial<Record<BulkChoice, { label: string; help: string }>> = {
  price_percent: {
    label: 'Change (%)',
    help: 'From −90 to +500; −10 lowers every price by 10 %. Rounded to the rupee.',
  },
  price_amount: { label: 'Change (₹)', help: 'Whole rupees; −100 lowers every price by ₹100. Never below ₹1.' },
  discount_percent: { label: 'Off the price (%)', help: 'The discount price, rounded to the rupee.' },
  discount_rupees: { label: 'Off the price (₹)', help: 'The discount price is the price less this.' },
};

function MoveFields({ form, onChange, errors, categories, subcategories }: BulkActionFormProps) {
  const inCategory = subcategories.filter((sub) => String(sub.category_id) === form.category_id);
  return (
    <>
      <SelectField
        id="bulk-category"
        label="Category"
        value={form.category_id}
        error={errors.category_id}
        onChange={(event) => onChange({ ...form, category_id: event.target.value, subcategory_id: '' })}
        options={[
          { value: '', label: 'Choose a category' },
          ...categories.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
      />
      <SelectField
        id="bulk-subcategory"
        label="Subcategory"
        value={form.subcategory_id}
        error={errors.subcategory_id}
        help="Left as “each keeps its own”, a product whose subcategory is of another category is refused."
        onChange={(event) => onChange({ ...form, subcategory_id: event.target.value })}
        options={[
          { value: '', label: 'Each keeps its own' },
          ...inCategory.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
      />
    </>
  );
}

function StockFields({ form, onChange, errors, sizes }: BulkActionFormProps) {
  return (
    <Field
      id="bulk-stock"
      label="Stock per size"
      group
      error={errors.stock}
      help="Blank leaves a size as it is; a size a product does not sell is not added to it."
    >
      <div className="d-flex flex-wrap gap-2">
        {sizes.map((size) => (
          <TextField
            key={size.id}
            id={`bulk-stock-${size.id}`}
            label={size.label}
            inputMode="numeric"
            fieldClassName="bulk-stock__size"
            value={form.stock[size.id] ?? ''}
            onChange={(event) => onChange({ ...form, stock: { ...form.stock, [size.id]: event.target.value } })}
          />
        ))}
      </div>
    </Field>
  );
}

/** The chosen action and its own fields, each with its error beside it. */
export function BulkActionForm(props: BulkActionFormProps) {
  const { form, onChange, errors } = props;
  const amount = AMOUNT_LABELS[form.choice];
  return (
    <div className="bulk-form">
      <SelectField
        id="bulk-choice"
        label="Action"
        value={form.choice}
        onChange={(event) => onChange({ ...form, choice: event.target.value as BulkChoice })}
        options={BULK_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
      />
      {amount && (
        <TextField
          id="bulk-amount"
          label={amount.label}
          help={amount.help}
          inputMode="decimal"
          value={form.amount}
          error={errors.amount}
          onChange={(event) => onChange({ ...form, amount: event.target.value })}
        />
      )}
      {form.choice === 'move_category' && <MoveFields {...props} />}
      {form.choice === 'set_stock' && <StockFields {...props} />}
    </div>
  );
}
