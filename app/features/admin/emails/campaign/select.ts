/** The campaign editor's selects (template, language), drawn as the kit's fields are. */
export const selectClass =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 focus:outline-2 focus:outline-offset-0 border-gray-300 focus:border-brand-700 focus:outline-brand-700/30';
