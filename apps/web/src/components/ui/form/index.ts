export { FieldLabel, optionsOf, SelectField, TextareaField, TextField } from './fields';
export { RequiredMark } from './required-mark';
export { useFieldError } from './use-field-error';
