/**
 * The text a form field submitted, or '' when it is missing. FormData values can also be files;
 * the console has no file inputs, so a file is read as no text rather than as "[object File]".
 */
export const formText = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};
