/** Text as a search compares it: without accents, in lower case ("Éloïse" → "eloise"). */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}
