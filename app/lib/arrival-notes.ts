/**
 * What a customer should know on arrival: on /location, the booking's page and its e-mails. A module
 * of its own, so the pages that do not say it (the home page among them) do not load it.
 */
export const ARRIVAL_NOTES = [
  'Pull into the lane marked "Check-in" and a team member will meet you.',
  "Free customer parking and a lounge with coffee and Wi-Fi.",
] as const;
