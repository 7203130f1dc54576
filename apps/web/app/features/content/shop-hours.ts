/** The shop's support hours (SPEC.md §9), as the cards show them and as a sentence. */
export const SUPPORT_HOURS = [
  { days: "Lun-Ven", hours: "8h-18h" },
  { days: "Sam", hours: "9h-14h" },
] as const;

export const SUPPORT_HOURS_SENTENCE = "du lundi au vendredi de 8h à 18h, et le samedi de 9h à 14h";
