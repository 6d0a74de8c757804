/**
 * The rows of CSV text (RFC 4180, as Notion and spreadsheets write it): fields separated by commas,
 * quoted when they hold commas, quotes or line breaks, a quote inside a quoted field doubled.
 * Blank lines are left out; short rows are filled so every row has the widest row's cells.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    row.push(field);
    if (row.some((cell) => cell.trim() !== '')) rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  const width = Math.max(0, ...rows.map((cells) => cells.length));
  return rows.map((cells) => [...cells, ...Array<string>(width - cells.length).fill('')]);
}
