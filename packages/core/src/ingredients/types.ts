/**
 * An ingredient line as parsed from free text (docs/BEHAVIOUR.md §3): quantity as text ('1 1/2', '0.5', '1-2'),
 * a short unit ('cup', 'g', 'fl oz', or an unknown unit as typed), the name, and `input`: the
 * remaining text (preparation, comments), so nothing the user typed is lost.
 * A section heading (a line ending with ':') keeps only its text, in `name`, with the other fields empty.
 */
export interface ParsedIngredient {
  qty: string;
  unit: string;
  name: string;
  input: string;
}
