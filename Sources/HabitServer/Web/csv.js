// The cells of the CSV export, by the rule of the CLI's export
// (CSVTable.field and CSVTable.textField in Sources/HabitsCLI): a cell is
// quoted when it holds a comma, a quote or a line break or starts or ends
// with a space, with quotes doubled; a text cell a spreadsheet would run as
// a formula (it starts with = + - @ tab or CR) gets a ' before it and is
// quoted, as OWASP's CSV injection guidance says. Tests/Web/csv-cells.json
// holds the cases both follow. No imports: Tests/Web/csv.test.mjs loads this
// file on its own.

// Swift's Character.isNewline: LF, VT, FF, CR, NEL, LS, PS.
const NEEDS_QUOTES = /[",\n\v\f\r\u0085\u2028\u2029]/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` as a CSV cell, quoted when it must be. */
export function csvField(value) {
  const text = String(value);
  if (!NEEDS_QUOTES.test(text) && !text.startsWith(" ") && !text.endsWith(" ")) return text;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Text a person typed as a CSV cell a spreadsheet shows as text, never runs. */
export function csvTextField(value) {
  const text = String(value);
  return FORMULA_START.test(text) ? `"'${text.replaceAll('"', '""')}"` : csvField(text);
}
