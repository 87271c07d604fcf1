/**
 * The slot for the 'We're missing some information!' panel (spec platform section 2), placed by
 * the form layout between the banners and the page. Its content needs the form definition and
 * the validation errors, which arrive with the form pages; it will show only when
 * tenant.production is set and the applicant has errors to fix.
 */
export function MissingInformation() {
  return null;
}
