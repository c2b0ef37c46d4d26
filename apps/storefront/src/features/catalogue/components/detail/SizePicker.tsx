import type { ProductSize } from '@kapaas/contract';
import { useId } from 'react';

interface SizePickerProps {
  sizes: readonly ProductSize[];
  selected: ProductSize | null;
  onChoose: (size: ProductSize) => void;
  /** "Notify me" under each sold-out size: asks for one message when it is back. */
  onNotify?: (size: ProductSize) => void;
  /** The sold-out size whose "Notify me" form is open. */
  notifying?: ProductSize | null;
  /** The id of that form, for the buttons' aria-controls. */
  notifyFormId?: string;
}

/** One toggle button per size; sizes that are sold out are shown but cannot be chosen, and offer "Notify me". */
export function SizePicker({ sizes, selected, onChoose, onNotify, notifying, notifyFormId }: SizePickerProps) {
  const labelId = useId();
  if (sizes.length === 0) return null;

  return (
    <div className="size-picker">
      <p id={labelId} className="size-picker__label">
        Size{selected ? `: ${selected.size}` : ''}
      </p>
      <ul className="size-picker__options list-unstyled" aria-labelledby={labelId}>
        {sizes.map((size) => (
          <li key={size.size_id}>
            <button
              type="button"
              className="size-picker__option"
              aria-pressed={selected?.size_id === size.size_id}
              disabled={!size.in_stock}
              onClick={() => onChoose(size)}
              aria-label={size.in_stock ? undefined : `${size.size} (sold out)`}
            >
              {size.size}
              {!size.in_stock && (
                <span className="size-picker__sold-out" aria-hidden="true">
                  Sold out
                </span>
              )}
            </button>
            {!size.in_stock && onNotify && (
              <button
                type="button"
                className="size-picker__notify"
                aria-label={`Notify me when ${size.size} is back`}
                aria-expanded={notifying?.size_id === size.size_id}
                aria-controls={notifying?.size_id === size.size_id ? notifyFormId : undefined}
                onClick={() => onNotify(size)}
              >
                Notify me
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
