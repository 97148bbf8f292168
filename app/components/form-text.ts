/**
 * A text field's value in submitted form data: '' when the field is absent. A FormData entry may
 * also be a File (an upload field of that name), which is no text: that reads as '' too.
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
