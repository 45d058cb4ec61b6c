/**
 * Where a page beside the booking form keeps the form's running total on a wide screen (the contact
 * page's right column, under the opening hours): summary-section.tsx shows it there, kept in view,
 * instead of above the button. Its own module, so the page names it without loading the form.
 */
export const SUMMARY_ASIDE_ID = "booking-summary-aside";
