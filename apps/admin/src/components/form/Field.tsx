/**
 * The console's labelled field, with its hint and its error beside the control: the shared primitives of
 * `@kapaas/web-kit`, which the storefront uses too. The console's screens import them from here.
 */
export {
  CheckboxField,
  controlAria,
  describedBy,
  Field,
  SelectField,
  TextareaField,
  TextField,
} from '@kapaas/web-kit/form';
