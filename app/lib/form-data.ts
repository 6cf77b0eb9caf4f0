/**
 * One text field of a page action's form post. A body that cannot be read as a form (malformed
 * multipart, wrong encoding: never what our pages send) counts as an empty form, so the action
 * answers as for a missing value instead of failing with a 500.
 */
export async function formField(request: Request, name: string): Promise<string> {
  try {
    const value = (await request.formData()).get(name);
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
