export { TextField, type TextFieldProps } from './text-field.tsx';
export { TextArea, type TextAreaProps } from './text-area.tsx';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './radio-group.tsx';
export { Select, type SelectProps, type SelectOption } from './select.tsx';
export { Button, type ButtonProps } from './button.tsx';
export { Dialog, type DialogProps } from './dialog.tsx';
export { LiveRegion, type LiveRegionProps } from './live-region.tsx';
export { useFocusFirstInvalid } from './use-focus-first-invalid.ts';
export { uiStyles } from './styles.ts';
