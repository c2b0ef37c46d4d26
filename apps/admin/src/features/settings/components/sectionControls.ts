import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { describedBy } from '#admin/components/form/Field.tsx';

/**
 * The props of a settings section's controls: each field's id (under the section's), its error as shown (the server's
 * or the one worked out as typed) and its help, wired for screen readers.
 */
export function sectionControls<Values extends FieldValues>(
  id: string,
  register: UseFormRegister<Values>,
  shown: Partial<Record<keyof Values & string, string | undefined>>,
  help: Record<keyof Values & string, string>,
) {
  const fieldId = (name: keyof Values & string) => `${id}-${name}`;
  return {
    fieldId,
    /** The props of the input, select or textarea itself. */
    control: (name: Path<Values> & keyof Values & string) => {
      const error = shown[name];
      return {
        id: fieldId(name),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(fieldId(name), error, help[name]),
        ...register(name),
      };
    },
    /** Bootstrap's class for a control whose value is refused. */
    invalid: (name: keyof Values & string) => (shown[name] ? ' is-invalid' : ''),
    /** The props of the Field wrapped around it: label, help and error. */
    field: (name: keyof Values & string, label: string) => ({
      id: fieldId(name),
      label,
      help: help[name],
      error: shown[name],
    }),
  };
}
